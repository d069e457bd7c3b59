// The one wording of a wait: a 429 the server's rate limit, a 503 the server unavailable (issue 37.8).
import { describe, expect, it } from 'vitest';
import { waitText } from '../../shared/wait-text';

describe('waitText', () => {
  it('says which wait, in whole seconds rounded up', () => {
    expect(waitText(1_000, 'rate_limit')).toBe('rate limited: waiting 1 s');
    expect(waitText(1_001, 'rate_limit')).toBe('rate limited: waiting 2 s');
    expect(waitText(16_055, 'unavailable')).toBe('server unavailable (503): retrying in 17 s');
    // A progress from before the reason was sent is read as a rate limit, as it was written.
    expect(waitText(500, undefined)).toBe('rate limited: waiting 1 s');
  });
});
