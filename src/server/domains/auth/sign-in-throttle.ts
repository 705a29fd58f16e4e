import type { CounterStore } from '../../platform/counter-store';

// Only failures count, and they count per (account, client address) and per client address, never
// per account alone: an attacker's failures block the attacker, while the right password from an
// address that has not been failing still gets in, however hard the account is being attacked.
// After a few failures each failed answer is held back a little; past the limit the key is refused
// for a minute, doubling with each further failure up to fifteen minutes. A success clears the
// (account, address) count. The caller's account key changes with the password, so a password
// reset lifts every block on the account. Failures on one account across all addresses are counted
// too, only to tell its admin by e-mail, once an hour at most, that someone is trying.
export const SIGN_IN_THROTTLE = {
  pair: { slowAfter: 3, blockAfter: 5 },
  address: { slowAfter: 15, blockAfter: 20 },
  /** Failed sign-ins on one account within the window that make us tell its admin. */
  alertAfter: 10,
  windowMs: 60 * 60_000,
  stepDelayMs: 300,
  maxDelayMs: 1500,
  firstBlockMs: 60_000,
  maxBlockMs: 15 * 60_000,
} as const;

export interface SignInThrottle {
  /** How long (ms) this account and address must still wait before trying; 0 when they may try now. */
  blockedFor(account: string, ip: string): Promise<number>;
  /**
   * Counts a failure. Answers how long to hold back the failed answer, and whether the account
   * (when there is one) has just reached the count at which its admin is told, once per window.
   */
  failed(
    account: string,
    ip: string,
    userId?: number,
  ): Promise<{ delayMs: number; alertOwner: boolean; accountFailures: number }>;
  /** The right password: the (account, address) failures are forgotten. */
  succeeded(account: string, ip: string): Promise<void>;
}

function keysOf(account: string, ip: string) {
  return { pair: `signin:pair:${account}|${ip}`, address: `signin:address:${ip}` };
}

function blockMs(failures: number, blockAfter: number): number {
  return Math.min(SIGN_IN_THROTTLE.maxBlockMs, SIGN_IN_THROTTLE.firstBlockMs * 2 ** (failures - blockAfter));
}

/** The throttle over a counter store: this process's memory by default, a shared engine when there are several. */
export function createSignInThrottle(counters: CounterStore): SignInThrottle {
  const { windowMs } = SIGN_IN_THROTTLE;
  return {
    async blockedFor(account, ip) {
      const keys = keysOf(account, ip);
      const blocks = await Promise.all([
        counters.peek(`block:${keys.pair}`),
        counters.peek(`block:${keys.address}`),
      ]);
      return Math.max(0, ...blocks.map((b) => b?.resetInMs ?? 0));
    },
    async failed(account, ip, userId) {
      const keys = keysOf(account, ip);
      let delayMs = 0;
      for (const [key, rule] of [
        [keys.pair, SIGN_IN_THROTTLE.pair],
        [keys.address, SIGN_IN_THROTTLE.address],
      ] as const) {
        const { count } = await counters.hit(`fail:${key}`, windowMs);
        if (count >= rule.blockAfter) await counters.hit(`block:${key}`, blockMs(count, rule.blockAfter));
        if (count > rule.slowAfter) {
          delayMs = Math.max(
            delayMs,
            Math.min(SIGN_IN_THROTTLE.maxDelayMs, SIGN_IN_THROTTLE.stepDelayMs * (count - rule.slowAfter)),
          );
        }
      }
      if (userId === undefined) return { delayMs, alertOwner: false, accountFailures: 0 };
      const { count } = await counters.hit(`signin:account:${userId}`, windowMs);
      // Exactly at the threshold: once per window, however long the attack goes on.
      return { delayMs, alertOwner: count === SIGN_IN_THROTTLE.alertAfter, accountFailures: count };
    },
    async succeeded(account, ip) {
      await counters.reset(`fail:${keysOf(account, ip).pair}`);
    },
  };
}
