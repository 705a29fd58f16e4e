// The one e-mail address rule for every form and operation (client and server): an RFC 5321
// mailbox without quoted local parts or address literals, the shape mail servers and nodemailer
// read as exactly one recipient. the specification asks for at least "text, at sign, text, dot, text";
// this is stricter because a looser pattern let `a;=1+2@evil.example` through, which nodemailer
// read as a list and mailed `=1+2@evil.example`. No ; , space, quote, < > ( ) [ ] or \
// can appear, so an address can never be read as two.
//   local part: dot-atom of RFC 5322 atext, at most 64 characters;
//   domain: dot-separated labels of letters, digits and inner hyphens (1-63 each), ending in a
//   top-level label of letters (or an xn-- IDN label).
/** RFC 5321's longest forward path, less its angle brackets. */
export const EMAIL_MAX_LENGTH = 254;

export const MAILBOX_PATTERN =
  /^(?=[^@]{1,64}@)[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;
