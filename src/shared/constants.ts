// Business constants and limits of the specification: one source for the client and the server.
export const COUNTER_DURATION_MS = 2000;
export const COUNTER_VISIBILITY_THRESHOLD = 0.5;
export const HASH_SCROLL_DELAY_MS = 100;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_HOTKEY = ['F8'];
export const ADVERTISING_SKELETON_CARDS = 4;
export const NEWSLETTER_SKELETON_CARDS = 3;
export const PLAYBACK_SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;
export const SKIP_BACK_SECONDS = 10;
export const SKIP_FORWARD_SECONDS = 30;
export const UPLOAD_MAX_MB_DEFAULT = 5;
/** The largest episode audio file accepted, in MB: a two-hour episode at 192 kbit/s is about 170 MB. */
export const AUDIO_UPLOAD_MAX_MB = 200;
export const AUDIO_UPLOAD_MAX_BYTES = AUDIO_UPLOAD_MAX_MB * 1024 * 1024;
/** The image types an upload may be (judged on the server from the file's bytes). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const PASSWORD_MIN_LENGTH = 8;
export const CAPTCHA_MIN = 1;
export const CAPTCHA_MAX = 10;
export const ADMIN_USER_CACHE_MS = 60_000;
export const REDIRECT_UNAUTHENTICATED_MS = 1000;
export const REDIRECT_AFTER_LOGIN_MS = 100;
export const REDIRECT_AFTER_LOGOUT_MS = 500;
/**
 * How long Logout waits for the server before it goes on as if the call had failed: a call that
 * never answered (a dropped connection, a stalled proxy) left the admin where it was, with no
 * message, for as long as the browser kept the request open.
 */
export const LOGOUT_WAIT_MS = 5000;
export const CONTACT_REPLY_PROMISE = 'within 24 hours';
export const SUBSCRIBERS_CLAIM = '10,000+';
export const BUSINESSES_CLAIM = '580+';
export const SATISFACTION_CLAIM = '100%';
/**
 * Where the specification kept the admin's bearer token. The browser no longer stores it (the session
 * is the HttpOnly cookie alone); the key is named only so that a token left there is removed.
 */
export const LEGACY_AUTH_TOKEN_STORAGE_KEY = 'authToken';
