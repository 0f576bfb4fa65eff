#!/usr/bin/env node
// probe-mcp.js — the e2e plugin's stdio MCP server (newline-delimited JSON-RPC). It appends one
// line to the file named by its first argument when it starts, so the e2e run can tell that the
// agent started it, and offers one tool, e2e_probe_tool, so the run can see it in the tool list
// the agent sends the model.
'use strict';
const fs = require('fs');
if (process.argv[2]) fs.appendFileSync(process.argv[2], `started ${process.pid}\n`);
const rl = require('readline').createInterface({ input: process.stdin });
const send = (m) => process.stdout.write(JSON.stringify(m) + '\n');
rl.on('line', (line) => {
  let m;
  try { m = JSON.parse(line); } catch { return; }
  if (m.id === undefined) return;
  const r = (result) => send({ jsonrpc: '2.0', id: m.id, result });
  switch (m.method) {
    case 'initialize':
      return r({ protocolVersion: (m.params && m.params.protocolVersion) || '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'e2e-probe', version: '0.0.1' } });
    case 'tools/list':
      return r({ tools: [{ name: 'e2e_probe_tool', description: 'e2e probe tool (never called)', inputSchema: { type: 'object', properties: {} } }] });
    case 'tools/call':
      return r({ content: [{ type: 'text', text: 'probe' }] });
    case 'ping':
      return r({});
  }
  send({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'method not found' } });
});
