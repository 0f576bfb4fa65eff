// psparse.cjs PREFIX FILE: parses FILE with the PowerShell tree-sitter
// grammar (npm tree-sitter-powershell's .wasm, run by web-tree-sitter, both
// npm-installed under PREFIX: no native build) and prints its syntax tree as
// JSON for install_ps1_test.go. Node: {type, error, missing, row, col, start,
// end, children}; row and col count from 0, start and end index the text.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { createRequire } = require('node:module');

// V8's optimising compiler takes half a minute over the grammar's parse
// tables, and node waits for it at exit; the baseline compiler parses a
// script in well under a second.
require('node:v8').setFlagsFromString('--liftoff-only');

async function main() {
  const [prefix, file] = process.argv.slice(2);
  const req = createRequire(path.join(prefix, 'node_modules', 'psparse.cjs'));
  const { Parser, Language } = req('web-tree-sitter');
  await Parser.init();
  const wasm = req.resolve('tree-sitter-powershell/tree-sitter-powershell.wasm');
  const parser = new Parser();
  parser.setLanguage(await Language.load(fs.readFileSync(wasm)));
  const tree = parser.parse(fs.readFileSync(file, 'utf8'));
  const conv = (n) => ({
    type: n.type, error: n.isError, missing: n.isMissing,
    row: n.startPosition.row, col: n.startPosition.column,
    start: n.startIndex, end: n.endIndex, children: n.children.map(conv),
  });
  process.stdout.write(JSON.stringify(conv(tree.rootNode)));
}

main().catch((e) => { console.error(e); process.exit(1); });
