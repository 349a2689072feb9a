// Fails fast when a project script runs on another Node.js than the one package.json pins
// (npm scripts put node_modules/.bin/node, from the node-linux-* package, first on PATH).
import { readFileSync } from 'node:fs';

const pinned = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
if (process.version !== `v${pinned}`) {
  console.error(
    `Leadsmith runs on Node ${pinned} (pinned in package.json), but this is Node ${process.version.slice(1)}: run it through npm (npm test, npm start).`,
  );
  process.exit(1);
}
console.log(
  `Node ${pinned} (${process.execPath.includes('node_modules') ? "the project's own, from node_modules" : process.execPath})`,
);
