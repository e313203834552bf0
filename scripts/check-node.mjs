// The first thing `npm start` runs, before anything that needs Node 24 (tsx, the server) can fail in a confusing
// way: on an older Node it says so and how to get 24 (docs/decisions/0015-node-24.md), and stops. Plain JavaScript
// written for any Node, since the Node running it may be the old one.
var major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    [
      '',
      'Hearth needs Node.js 24; this is Node.js ' + process.versions.node + '.',
      '',
      'In bash or zsh, run this in the Hearth folder, then start again:',
      '  . scripts/node-24.sh && npm ci && npm start',
      '(it fetches Node.js 24 into .tools/ and uses it in this shell), or install Node.js 24 from nodejs.org.',
      '',
    ].join('\n'),
  );
  process.exit(1);
}
