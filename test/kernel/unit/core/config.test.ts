import { parseConfig, publicBaseUrl } from '../../../../shared/config';

describe('config', () => {
  it.each([
    [{ STAGE: 'local' }, true],
    [{ STAGE: 'staging' }, true],
    [{ STAGE: 'production' }, false],
    [{ STAGE: 'production', DEBUG_MODE: 'on' }, true],
    [{ STAGE: 'staging', DEBUG_MODE: 'off' }, false],
  ])('%j: debug mode %s (on locally and in staging, off in production unless said)', (env, enabled) => {
    expect(parseConfig(env).debugModeEnabled).toBe(enabled);
  });

  it("takes AWS_MAX_ATTEMPTS, the SDK's setting, as the tries per store request; refuses 0 and words", () => {
    expect(parseConfig({}).storeMaxAttempts).toBeUndefined();
    expect(parseConfig({ AWS_MAX_ATTEMPTS: '2' }).storeMaxAttempts).toBe(2);
    expect(() => parseConfig({ AWS_MAX_ATTEMPTS: '0' })).toThrow();
    expect(() => parseConfig({ AWS_MAX_ATTEMPTS: 'many' })).toThrow();
  });

  it("keeps an entity's limits as long as a token, never past 5 s (LIMITS_CACHE_MS: 0 to 5000 ms)", () => {
    expect(parseConfig({}).limitsCacheMs).toBe(5_000);
    expect(parseConfig({ STAGE: 'production' }).limitsCacheMs).toBe(5_000);
    expect(parseConfig({ TOKEN_CACHE_SECONDS: '2' }).limitsCacheMs).toBe(2_000);
    expect(parseConfig({ STAGE: 'production', TOKEN_CACHE_SECONDS: '0' }).limitsCacheMs).toBe(0);
    expect(parseConfig({ LIMITS_CACHE_MS: '200' }).limitsCacheMs).toBe(200);
    // Accepted up to 60000 before: acts as 5000 now, so an operator's old setting starts nothing broken.
    expect(parseConfig({ LIMITS_CACHE_MS: '60000' }).limitsCacheMs).toBe(5_000);
    expect(() => parseConfig({ LIMITS_CACHE_MS: '60001' })).toThrow();
    expect(() => parseConfig({ LIMITS_CACHE_MS: '-1' })).toThrow();
  });

  it('takes an empty DYNAMODB_ENDPOINT as unset (the deployed functions declare it empty for SAM)', () => {
    expect(parseConfig({ DYNAMODB_ENDPOINT: '' }).dynamoEndpoint).toBeUndefined();
    expect(parseConfig({ DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000' }).dynamoEndpoint).toBe(
      'http://127.0.0.1:8000',
    );
  });

  it.each([
    [{ STAGE: 'local' }, ['*']],
    [{ STAGE: 'staging' }, []],
    [{ STAGE: 'production' }, []],
    [{ STAGE: 'production', CORS_ALLOWED_ORIGINS: '' }, []],
    [{ STAGE: 'local', CORS_ALLOWED_ORIGINS: '' }, []],
    [
      { STAGE: 'production', CORS_ALLOWED_ORIGINS: ' https://a.example.com ,http://localhost:5173' },
      ['https://a.example.com', 'http://localhost:5173'],
    ],
    [{ STAGE: 'staging', CORS_ALLOWED_ORIGINS: '*' }, ['*']],
  ])('%j: CORS origins %j (`*` locally unless said, none elsewhere)', (env, origins) => {
    expect(parseConfig(env).corsAllowedOrigins).toEqual(origins);
  });

  it.each(['https://a.example.com/', 'a.example.com', 'ftp://a.example.com'])(
    'refuses the CORS origin %s at cold start (scheme://host[:port] or *)',
    (origin) => {
      expect(() => parseConfig({ CORS_ALLOWED_ORIGINS: origin })).toThrow();
    },
  );

  it('gives the health probe 2 s unless HEALTH_DEADLINE_MS says otherwise (a whole number of ms, at most 30 s)', () => {
    expect(parseConfig({}).healthDeadlineMs).toBe(2000);
    expect(parseConfig({ HEALTH_DEADLINE_MS: '500' }).healthDeadlineMs).toBe(500);
    expect(() => parseConfig({ HEALTH_DEADLINE_MS: 'soon' })).toThrow();
    expect(() => parseConfig({ HEALTH_DEADLINE_MS: '60000' })).toThrow();
  });

  it('refuses an unknown stage or a malformed endpoint at cold start', () => {
    expect(() => parseConfig({ STAGE: 'prod' })).toThrow();
    expect(() => parseConfig({ DYNAMODB_ENDPOINT: 'not a url' })).toThrow();
  });

  it('refuses to start deployed (in Lambda) without STAGE, rather than act as the local stage', () => {
    expect(() => parseConfig({ AWS_LAMBDA_FUNCTION_NAME: 'booking-get-v2-settings' })).toThrow(
      /STAGE is not set/,
    );
    expect(parseConfig({ AWS_LAMBDA_FUNCTION_NAME: 'f', STAGE: 'production' }).stage).toBe('production');
    expect(parseConfig({}).stage).toBe('local');
  });
  it.each([
    [{ WEBHOOK_RETRY_SCALE: '0' }, 'WEBHOOK_RETRY_SCALE: must be a number above 0 to 1'],
    [{ WEBHOOK_RETRY_SCALE: '2' }, 'WEBHOOK_RETRY_SCALE: must be a number above 0 to 1'],
    [{ WEBHOOK_RETRY_SCALE: 'x' }, 'WEBHOOK_RETRY_SCALE: must be a number above 0 to 1'],
    [{ AWS_MAX_ATTEMPTS: '2.5' }, 'AWS_MAX_ATTEMPTS: must be a whole number from 1 to 10'],
    [{ TABLE_NAME: 'ab' }, 'TABLE_NAME: must be at least 3 characters'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL: must be one of debug, info, silent'],
    [{ STAGE: 'staging', LIMITS_CLOCK_MS: '1000' }, 'LIMITS_CLOCK_MS is for the local stage only'],
    [{ LIMITS_CLOCK_MS: '0' }, 'LIMITS_CLOCK_MS: must be a whole number above 0'],
    [{ DELIVERY_QUEUE_URL: 'queue' }, 'DELIVERY_QUEUE_URL: must be a URL'],
    [{ CORS_ALLOWED_ORIGINS: '*,example.com' }, 'CORS_ALLOWED_ORIGINS: not an origin: example.com'],
  ])('%j is refused at cold start, naming the variable: %s', (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
  });

  it('reads the numbers as given and applies the defaults when unset', () => {
    const config = parseConfig({ WEBHOOK_RETRY_SCALE: '0.01', LIMITS_CLOCK_MS: '1700000000000' });
    expect([config.webhookRetryScale, config.limitsClockMs]).toEqual([0.01, 1_700_000_000_000]);
    const defaults = parseConfig({});
    expect([defaults.webhookRetryScale, defaults.tableName.length > 0, defaults.logLevel]).toEqual([
      1,
      true,
      'info',
    ]);
  });

  it('takes an http(s) PUBLIC_BASE_URL without its trailing slashes, and refuses any other', () => {
    expect(publicBaseUrl({ PUBLIC_BASE_URL: 'https://book.example.fr//' })).toBe('https://book.example.fr');
    expect(() => publicBaseUrl({ PUBLIC_BASE_URL: 'ftp://book.example.fr' })).toThrow('PUBLIC_BASE_URL');
    expect(() => publicBaseUrl({ PUBLIC_BASE_URL: 'book.example.fr' })).toThrow('PUBLIC_BASE_URL');
  });
});
