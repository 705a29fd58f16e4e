import { describe, expect, it } from 'vitest';
import {
  MAIL_MAX_ATTEMPTS,
  mailFailureOf,
  nextStep,
  oneMailLimits,
  type RetryLimits,
} from '../../src/server/platform/mail/retry';

// The mail floor's one retry policy, with errors shaped as nodemailer gives them (responseCode and
// response for the server's answer; neither when the server was not reached).
const smtpError = (responseCode: number, response: string) =>
  Object.assign(new Error(`Message failed: ${response}`), { responseCode, response });
const limits: RetryLimits = { maxAttempts: 3, firstWaitSeconds: 60 };

describe('the mail retry policy', () => {
  it('reads a 5xx as refused, a 4xx as deferred and no answer as unreached, with the reply on one line', () => {
    expect(mailFailureOf(smtpError(550, '550 5.1.1  No such\nmailbox'))).toEqual({
      outcome: 'refused',
      code: 550,
      reply: '550 5.1.1 No such mailbox',
    });
    expect(mailFailureOf(smtpError(451, '451 4.7.1 Slow down'))).toMatchObject({
      outcome: 'deferred',
      code: 451,
    });
    expect(mailFailureOf(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }))).toEqual({
      outcome: 'unreached',
      reply: 'connect ECONNREFUSED',
    });
  });

  it('bounces a refused copy of a mailing at once and holds one the server never answered', () => {
    expect(nextStep(mailFailureOf(smtpError(550, '550 no')), 1, limits, 'copy')).toEqual({ step: 'bounce' });
    expect(nextStep(mailFailureOf(new Error('timeout')), 3, limits, 'copy')).toEqual({ step: 'hold' });
  });

  it('tries a deferred copy again with doubling waits until its attempts run out', () => {
    const deferred = mailFailureOf(smtpError(421, '421 busy'));
    expect(nextStep(deferred, 1, limits, 'copy')).toEqual({ step: 'retry', waitSeconds: 60 });
    expect(nextStep(deferred, 2, limits, 'copy')).toEqual({ step: 'retry', waitSeconds: 120 });
    expect(nextStep(deferred, 3, limits, 'copy')).toEqual({ step: 'give-up' });
  });

  it('tries one e-mail again whatever the failure, a refusal too, until its attempts run out', () => {
    for (const error of [smtpError(550, '550 no'), smtpError(451, '451 later'), new Error('timeout')]) {
      expect(nextStep(mailFailureOf(error), 2, limits, 'one')).toEqual({ step: 'retry', waitSeconds: 120 });
      expect(nextStep(mailFailureOf(error), 3, limits, 'one')).toEqual({ step: 'give-up' });
    }
  });

  it('gives an e-mail to one person its attempts and first wait from this one policy', () => {
    expect(oneMailLimits({ JOBS_RETRY_SECONDS: 30 })).toEqual({
      maxAttempts: MAIL_MAX_ATTEMPTS,
      firstWaitSeconds: 30,
    });
    expect(
      nextStep(mailFailureOf(new Error('timeout')), 2, oneMailLimits({ JOBS_RETRY_SECONDS: 30 }), 'one'),
    ).toEqual({
      step: 'retry',
      waitSeconds: 60,
    });
  });
});
