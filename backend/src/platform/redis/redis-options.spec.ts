import { redisConnectionOptions } from './redis-options';

describe('redisConnectionOptions', () => {
  it('reads host, port, password and db from REDIS_URL', () => {
    expect(redisConnectionOptions({ REDIS_URL: 'rediss://:s%40cret@cache.example.com:6380/2' })).toMatchObject({
      host: 'cache.example.com',
      port: 6380,
      password: 's@cret',
      db: 2,
      tls: {},
    });
  });

  it('asks the sentinels for the master, with the URL giving only its password and db', () => {
    const options = redisConnectionOptions({
      REDIS_URL: 'redis://:master-pass@maison/3',
      REDIS_SENTINELS: 'sentinel-0.redis:26379,10.0.0.7:26380',
      REDIS_SENTINEL_NAME: 'maison',
      REDIS_SENTINEL_PASSWORD: 'sentinel-pass',
    });
    expect(options).toMatchObject({
      sentinels: [
        { host: 'sentinel-0.redis', port: 26379 },
        { host: '10.0.0.7', port: 26380 },
      ],
      name: 'maison',
      sentinelPassword: 'sentinel-pass',
      password: 'master-pass',
      db: 3,
    });
    expect(options).not.toHaveProperty('host');
  });
});
