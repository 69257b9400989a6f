import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE, RECOVERY_CODE_COUNT, TOTP_CODE } from '@roam/contract/team';
import { generateSecret, generateURI, verify } from 'otplib';
import { renderSVG } from 'uqr';

// TOTP (RFC 6238) with otplib: 30-second steps, six digits, SHA-1 (what every authenticator app reads from the QR
// code), one step of clock drift either way. Recovery codes: ten characters of Crockford's base32 (50 random bits),
// stored as SHA-256 — enough for a code of that entropy, and a lookup by hash finds it in one query.

/** One step either side: a phone's clock a little off, or a code typed as it changes. */
const EPOCH_TOLERANCE = 30;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export const newSecret = (): string => generateSecret();

export const otpauthUri = (secret: string, issuer: string, label: string): string =>
  generateURI({ issuer, label, secret });

/** The QR code of the otpauth address, as an SVG document drawn on the server. */
export const qrSvg = (uri: string): string => renderSVG(uri, { pixelSize: 6, border: 2 });

/**
 * The time step a TOTP code matches, newer than `afterStep` (a code already used, or older, never counts); null when
 * it matches none within the window.
 */
export async function matchingStep(
  secret: string,
  code: string,
  afterStep: number | null,
  now: Date,
): Promise<number | null> {
  if (!TOTP_CODE.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: EPOCH_TOLERANCE,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  }).catch(() => null);
  return result?.valid && 'timeStep' in result ? result.timeStep : null;
}

export const isTotpCode = (code: string) => TOTP_CODE.test(code.trim());
export const isRecoveryCode = (code: string) => RECOVERY_CODE.test(code.trim());

/** A recovery code as stored: upper case, without its dash, hashed. */
export const recoveryCodeHash = (code: string): string =>
  createHash('sha256').update(code.trim().toUpperCase().replace('-', '')).digest('hex');

/** Ten new codes as the person reads them: "ABCDE-FGHJK". */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => CROCKFORD[randomInt(CROCKFORD.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}
