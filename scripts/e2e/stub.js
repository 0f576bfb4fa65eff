#!/usr/bin/env node
// Minimal local model stub for the offline agent e2e runs. Listens on 127.0.0.1 only.
// Copied unchanged (but for this header) from ../shared/agent-payloads/lib/stub.js, the stub the
// hook payloads were captured with, so `make e2e-agents` does not need ../shared. The shell
// command it asks for comes from LOGDIR/CMD, else $STUB_CMD (scripts/e2e-agents-hooks.sh sets it).
// Once listening it writes its port to LOGDIR/PORT (start it on port 0 for a free one).
// Speaks: Anthropic Messages (/v1/messages), OpenAI Responses (/v1/responses, /responses),
// OpenAI Chat Completions (/v1/chat/completions, /chat/completions), Gemini
// (/v1beta/models/M:generateContent|:streamGenerateContent|:countTokens).
// First turn of a conversation that offers a shell tool: ask for ONE shell tool call
// (command from STUB_CMD, default "echo hook-test"); once a tool result is present: answer text.
// Usage: node stub.js PORT LOGDIR
'use strict';
const http = require('http');
const fs = require('fs');
const path = require('path');
const port = Number(process.argv[2] || 0);
const logdir = process.argv[3] || '/tmp/stub-log';
fs.mkdirSync(logdir, { recursive: true });
function getCmd() { try { return fs.readFileSync(path.join(logdir, 'CMD'), 'utf8').trim(); } catch (e) { return process.env.STUB_CMD || 'echo hook-test'; } }
const SHELL_TOOLS = ['Bash', 'run_shell_command', 'shell', 'exec_command', 'shell_command', 'bash', 'powershell', 'run_commands', 'Execute'];
let seq = 0;

function toolNames(body) {
  const out = [];
  for (const t of body.tools || []) {
    if (t.name) out.push(t.name);
    if (t.function && t.function.name) out.push(t.function.name);
    for (const fd of t.functionDeclarations || t.function_declarations || []) out.push(fd.name);
  }
  return out;
}
function pickShell(body) {
  const names = toolNames(body);
  for (const s of SHELL_TOOLS) if (names.includes(s)) return s;
  return null;
}
function hasToolResult(body) {
  const s = JSON.stringify(body);
  return /"tool_result"|"function_call_output"|"functionResponse"|"role":"tool"|"custom_tool_call_output"/.test(s);
}
function shellArgs(tool) {
  const CMD = getCmd();
  if (tool === 'Bash') return { command: CMD, description: 'Print a test line' };
  if (tool === 'run_shell_command') return { command: CMD, description: 'Print a test line' };
  if (tool === 'shell') return { command: ['bash', '-lc', CMD] };
  if (tool === 'exec_command') return { cmd: CMD };
  if (tool === 'shell_command') return { command: CMD };
  if (tool === 'bash') return { command: CMD, description: 'Print a test line' };
  if (tool === 'powershell') return { command: CMD };
  if (tool === 'run_commands') return { commands: [CMD] }; // cline CLI 3.x (cline, droid)
  if (tool === 'Execute') return { summary: 'Print a test line', command: CMD, riskLevelReason: 'This echo only prints text.', riskLevel: 'low' }; // droid (cline, droid)
  return { command: CMD };
}
function sse(res, events) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'close' });
  for (const [ev, data] of events) {
    if (ev) res.write(`event: ${ev}\n`);
    res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  }
  res.end();
}
function json(res, obj, code = 200) {
  const b = JSON.stringify(obj);
  res.writeHead(code, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(b) });
  res.end(b);
}

function toolOverride() { try { return JSON.parse(fs.readFileSync(path.join(logdir, 'TOOL.json'), 'utf8')); } catch (e) { return null; } }
function anthropic(req, res, body) {
  if (req.url.includes('count_tokens')) return json(res, { input_tokens: 10 });
  if (fs.existsSync(path.join(logdir, 'FAIL'))) return json(res, { type: 'error', error: { type: 'invalid_request_error', message: 'stub: forced failure' } }, 400);
  const ov = toolOverride();
  const names = toolNames(body);
  let tool = pickShell(body);
  if (ov && names.includes(ov.name)) tool = ov.name;
  const wantTool = tool && !hasToolResult(body);
  const id = 'msg_stub_' + (++seq);
  const usage = { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const block = wantTool
    ? { type: 'tool_use', id: 'toolu_stub_' + seq, name: tool, input: (ov && ov.name === tool) ? ov.input : shellArgs(tool) }
    : { type: 'text', text: 'Done.' };
  const stop = wantTool ? 'tool_use' : 'end_turn';
  if (!body.stream) {
    return json(res, { id, type: 'message', role: 'assistant', model: body.model || 'stub', content: [block], stop_reason: stop, stop_sequence: null, usage });
  }
  const events = [['message_start', { type: 'message_start', message: { id, type: 'message', role: 'assistant', model: body.model || 'stub', content: [], stop_reason: null, stop_sequence: null, usage } }]];
  if (wantTool) {
    events.push(['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: block.id, name: tool, input: {} } }]);
    events.push(['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } }]);
  } else {
    events.push(['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }]);
    events.push(['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Done.' } }]);
  }
  events.push(['content_block_stop', { type: 'content_block_stop', index: 0 }]);
  events.push(['message_delta', { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 5 } }]);
  events.push(['message_stop', { type: 'message_stop' }]);
  sse(res, events);
}

function responses(req, res, body) {
  const tool = pickShell(body);
  const wantTool = tool && !hasToolResult(body);
  const id = 'resp_stub_' + (++seq);
  let item;
  if (wantTool) {
    item = { type: 'function_call', id: 'fc_stub_' + seq, call_id: 'call_stub_' + seq, name: tool, arguments: JSON.stringify(shellArgs(tool)), status: 'completed' };
  } else {
    item = { type: 'message', id: 'msg_stub_' + seq, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Done.', annotations: [] }] };
  }
  const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 };
  const resp = { id, object: 'response', created_at: Math.floor(Date.now() / 1000), status: 'completed', model: body.model || 'stub', output: [item], usage };
  if (!body.stream) return json(res, resp);
  let n = 0;
  const ev = (type, extra) => [type, Object.assign({ type, sequence_number: n++ }, extra)];
  const events = [
    ev('response.created', { response: Object.assign({}, resp, { status: 'in_progress', output: [] }) }),
    ev('response.in_progress', { response: Object.assign({}, resp, { status: 'in_progress', output: [] }) }),
    ev('response.output_item.added', { output_index: 0, item: Object.assign({}, item, { status: 'in_progress' }) }),
  ];
  if (!wantTool) {
    events.push(ev('response.content_part.added', { item_id: item.id, output_index: 0, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } }));
    events.push(ev('response.output_text.delta', { item_id: item.id, output_index: 0, content_index: 0, delta: 'Done.' }));
    events.push(ev('response.output_text.done', { item_id: item.id, output_index: 0, content_index: 0, text: 'Done.' }));
    events.push(ev('response.content_part.done', { item_id: item.id, output_index: 0, content_index: 0, part: { type: 'output_text', text: 'Done.', annotations: [] } }));
  } else {
    events.push(ev('response.function_call_arguments.delta', { item_id: item.id, output_index: 0, delta: item.arguments }));
    events.push(ev('response.function_call_arguments.done', { item_id: item.id, output_index: 0, arguments: item.arguments }));
  }
  events.push(ev('response.output_item.done', { output_index: 0, item }));
  events.push(ev('response.completed', { response: resp }));
  sse(res, events);
}

function chat(req, res, body) {
  const tool = pickShell(body);
  const wantTool = tool && !hasToolResult(body);
  const id = 'chatcmpl_stub_' + (++seq);
  const created = Math.floor(Date.now() / 1000);
  const model = body.model || 'stub';
  const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  const tc = { id: 'call_stub_' + seq, type: 'function', function: { name: tool, arguments: JSON.stringify(shellArgs(tool)) } };
  if (!body.stream) {
    const message = wantTool ? { role: 'assistant', content: null, tool_calls: [tc] } : { role: 'assistant', content: 'Done.' };
    return json(res, { id, object: 'chat.completion', created, model, choices: [{ index: 0, message, finish_reason: wantTool ? 'tool_calls' : 'stop' }], usage });
  }
  const chunk = (delta, finish, extra) => [null, Object.assign({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish || null }] }, extra || {})];
  const events = [chunk({ role: 'assistant', content: '' })];
  if (wantTool) events.push(chunk({ tool_calls: [Object.assign({ index: 0 }, tc)] }));
  else events.push(chunk({ content: 'Done.' }));
  events.push(chunk({}, wantTool ? 'tool_calls' : 'stop'));
  events.push([null, { id, object: 'chat.completion.chunk', created, model, choices: [], usage }]);
  events.push([null, '[DONE]']);
  sse(res, events);
}

function gemini(req, res, body) {
  if (req.url.includes(':countTokens')) return json(res, { totalTokens: 10 });
  if (req.url.includes(':embedContent') || req.url.includes(':batchEmbedContents')) return json(res, { embeddings: [] });
  const tool = pickShell(body);
  const wantTool = tool && !hasToolResult(body);
  let parts;
  const sys = JSON.stringify(body.systemInstruction || body.system_instruction || '');
  const wantsJson = body.generationConfig && (body.generationConfig.responseMimeType === 'application/json' || body.generationConfig.responseJsonSchema || body.generationConfig.responseSchema);
  if (wantTool) parts = [{ functionCall: { name: tool, args: shellArgs(tool) } }];
  else if (wantsJson) parts = [{ text: JSON.stringify({ reasoning: 'stub', model_choice: 'flash', next_speaker: 'user', complexity_reasoning: 'simple', complexity_score: 1 }) }];
  else parts = [{ text: 'Done.' }];
  const r = { candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }], usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 }, modelVersion: 'stub', responseId: 'stub' + (++seq) };
  if (req.url.includes(':streamGenerateContent')) return sse(res, [[null, r]]);
  return json(res, r);
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    let body = {};
    try { body = raw ? JSON.parse(raw) : {}; } catch (e) { body = {}; }
    const n = String(Date.now()) + '-' + String(++seq).padStart(4, '0');
    fs.writeFileSync(path.join(logdir, `${n}-req.json`), JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }, null, 1));
    const u = req.url;
    try {
      if (req.method === 'POST' && fs.existsSync(path.join(logdir, 'FAIL'))) return json(res, { type: 'error', error: { type: 'invalid_request_error', code: 'stub_forced_failure', message: 'stub: forced failure' } }, 400);
      if (/\/messages/.test(u) && req.method === 'POST') return anthropic(req, res, body);
      if (/\/responses/.test(u) && req.method === 'POST') return responses(req, res, body);
      if (/\/chat\/completions/.test(u) && req.method === 'POST') return chat(req, res, body);
      if (/\/models\/[^/]+:/.test(u)) return gemini(req, res, body);
      if (/\/models/.test(u) && req.method === 'GET') {
        return json(res, { object: 'list', data: [{ id: 'stub-model', object: 'model', created: 0, owned_by: 'stub', type: 'model', display_name: 'stub' }], models: [] });
      }
      json(res, { error: { message: 'stub: not handled ' + u } }, 404);
    } catch (e) {
      json(res, { error: { message: String(e) } }, 500);
    }
  });
});
server.listen(port, '127.0.0.1', () => {
  const p = server.address().port;
  fs.writeFileSync(path.join(logdir, 'PORT'), String(p));
  console.log('stub listening on 127.0.0.1:' + p);
});
setTimeout(() => process.exit(0), Number(process.env.STUB_LIFETIME_MS || 900000)).unref();
