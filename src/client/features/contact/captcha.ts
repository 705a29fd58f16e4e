// The contact form's math question (docs/specification.md §5, validation rules). The numbers come from the server
// (GET /api/contact/challenge), which checks the answer again; this check only saves a round trip.
export interface MathCaptcha {
  a: number;
  b: number;
}

export function isCaptchaSolved(captcha: MathCaptcha, answer: string): boolean {
  return answer.trim() !== '' && Number(answer.trim()) === captcha.a + captcha.b;
}
