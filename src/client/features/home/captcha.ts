import { CAPTCHA_MAX, CAPTCHA_MIN } from '../../../shared/constants';

export interface MathCaptcha {
  a: number;
  b: number;
}

const pick = () => CAPTCHA_MIN + Math.floor(Math.random() * (CAPTCHA_MAX - CAPTCHA_MIN + 1));

/** Two random whole numbers from 1 to 10 (SPEC section 5). */
export function newCaptcha(): MathCaptcha {
  return { a: pick(), b: pick() };
}

export function isCaptchaSolved(captcha: MathCaptcha, answer: string): boolean {
  return answer.trim() !== '' && Number(answer.trim()) === captcha.a + captcha.b;
}
