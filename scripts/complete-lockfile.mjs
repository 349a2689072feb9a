#!/usr/bin/env node
// The npm registry mirror this project is built against serves only the Linux x64 builds of
// packages that ship native binaries as optional per-platform dependencies (@swc/core-*,
// @turbo/*, @unrs/resolver-binding-* of unrs-resolver). `npm install` then leaves the other platforms out of
// package-lock.json, and `npm ci` refuses a lock that is missing them. This script adds those
// entries (optional, with their os/cpu), so `npm ci` works here and on any other platform.
// Run it after every `npm install` that changes the lock.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOCK = path.join(ROOT, 'package-lock.json');

const OS = [
  [/darwin/, 'darwin'],
  [/win32|windows/, 'win32'],
  [/android/, 'android'],
  [/freebsd/, 'freebsd'],
  [/openharmony/, 'openharmony'],
  [/linux/, 'linux'],
];
const CPU = [
  [/arm64|aarch64/, 'arm64'],
  [/x64|-64$/, 'x64'],
  [/ia32/, 'ia32'],
  [/-arm-|arm-eabi|gnueabihf|musleabihf/, 'arm'],
  [/ppc64/, 'ppc64'],
  [/s390x/, 's390x'],
  [/riscv64/, 'riscv64'],
  [/loong64/, 'loong64'],
];

const pick = (table, name) => table.find(([re]) => re.test(name))?.[1];

const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const entry of Object.values(packages)) {
  if (!entry.optionalDependencies) continue;
  for (const [name, version] of Object.entries(entry.optionalDependencies)) {
    const target = `node_modules/${name}`;
    const os = pick(OS, name);
    // Only per-platform binaries (their name says the OS); anything else is a real gap.
    if (packages[target] || !os) continue;
    const cpu = pick(CPU, name.replace(/^@turbo\/(darwin|windows|linux)-64$/, '$1-x64'));
    const libc = /musl/.test(name) ? 'musl' : /gnu/.test(name) ? 'glibc' : undefined;
    packages[target] = {
      version: version.replace(/^[\^~]/, ''),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(libc ? { libc: [libc] } : {}),
    };
    added += 1;
  }
}
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);
