import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

// Checks once, before any test, that the Firefox the cross-browser specs drive is new enough: an
// older ESR (140, still served to a Debian machine that has not run `apt-get update`) lacks
// WebDriver BiDi commands puppeteer-core sends (emulation.setScreenOrientationOverride), and every
// Firefox test would fail with the same protocol error. (Nothing else belongs here: the servers'
// data folders are wiped by their own commands, see playwright.config.ts.)

/** The oldest Firefox ESR the tests run on (README "Tests"). */
export const MIN_FIREFOX_ESR = 153;

export default function checkFirefox(): void {
  const firefox = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
  // No Firefox at all: the cross-browser specs say so themselves when they launch it.
  if (!fs.existsSync(firefox)) return;
  const version = execFileSync(firefox, ['--version'], { encoding: 'utf8' }).trim();
  const major = Number(/(\d+)\.\d+/.exec(version)?.[1] ?? 0);
  if (major < MIN_FIREFOX_ESR) {
    throw new Error(
      `${firefox} is ${version}; the cross-browser tests need Firefox ESR ${MIN_FIREFOX_ESR} or newer ` +
        `(older ones lack WebDriver BiDi commands puppeteer-core sends). ` +
        `Fix: sudo apt-get update && sudo apt-get install firefox-esr, or set FIREFOX_PATH to a newer Firefox.`,
    );
  }
}
