import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { QueueName } from '../src/platform/queue/queue-names';
import { goldPng, startOpenAiImagesServer, type OpenAiImagesServer } from './support/openai-images-server';
import { startS3Server, type S3Server } from './support/s3-server';
import { createTestApp, type TestApp } from './support/test-app';

async function storedFiles(folder: string): Promise<string[]> {
  return readdir(join(folder, 'images')).catch(() => []);
}

async function emptyFolder(folder: string): Promise<void> {
  await rm(join(folder, 'images'), { recursive: true, force: true });
}

describe('illustrations drawn by the worker with the built-in illustrator', () => {
  let t: TestApp;
  let storage: string;

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'mf-images-'));
    t = await createTestApp({ worker: true, env: { OPENAI_API_KEY: '', STORAGE_DIR: storage } });
  });
  beforeEach(async () => {
    await t.reset();
    await emptyFolder(storage);
  });
  afterAll(async () => {
    await t.close();
    await rm(storage, { recursive: true, force: true });
  });

  const ask = (body: object) => request(t.http).post('/api/generate-image').send(body);

  it('answers with the URL of an SVG drawn on the image-generation queue and served from our origin', async () => {
    const response = await ask({ category: 'dining', place: 'Monaco', timeOfDay: 'dusk' }).expect(200);
    expect(response.body).toEqual({
      success: true,
      data: { imageUrl: expect.stringMatching(/^\/api\/images\/[a-f0-9]{40}\.svg$/) },
    });
    expect(await t.queue(QueueName.ImageGeneration).getJobCounts('completed')).toEqual({ completed: 1 });
    const image = await request(t.http).get(response.body.data.imageUrl).buffer(true).expect(200);
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(image.headers['cache-control']).toMatch(/immutable/);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const svg = image.body.toString();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('MONACO  ·  DUSK');
    expect(svg).toContain('#c9a35b');
  });

  it('draws another picture for another place or hour, and the same picture for the same request', async () => {
    const url = async (body: object) => (await ask(body).expect(200)).body.data.imageUrl as string;
    const monacoDusk = await url({ category: 'travel', place: 'Monaco', timeOfDay: 'dusk' });
    const monacoNight = await url({ category: 'travel', place: 'Monaco', timeOfDay: 'night' });
    const aspenDusk = await url({ category: 'travel', place: 'Aspen', timeOfDay: 'dusk' });
    expect(new Set([monacoDusk, monacoNight, aspenDusk]).size).toBe(3);
    const bodies = await Promise.all(
      [monacoDusk, monacoNight, aspenDusk].map(async (u) =>
        (await request(t.http).get(u).buffer(true)).body.toString(),
      ),
    );
    expect(new Set(bodies).size).toBe(3);
    // The coast is drawn with waves and a sail, the mountains with peaks: the place changes the drawing itself.
    expect(bodies[0].replace(/MONACO/g, '')).not.toBe(bodies[2].replace(/ASPEN/g, ''));
    expect(await url({ category: 'travel', place: ' monaco ', timeOfDay: 'dusk' })).toBe(monacoDusk);
  });

  it('draws a picture once: a request asked again, or many times at once, reuses it', async () => {
    const body = { category: 'wellness', place: 'Bali', timeOfDay: 'dawn' };
    const answers = await Promise.all([ask(body), ask(body), ask(body)]);
    const urls = answers.map((a) => a.body.data?.imageUrl);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(urls).size).toBe(1);
    await ask(body).expect(200, { success: true, data: { imageUrl: urls[0] } });
    expect(await t.queue(QueueName.ImageGeneration).getJobCounts('completed')).toEqual({ completed: 1 });
    expect(await storedFiles(storage)).toHaveLength(1);
  });

  it('draws the picture again when its file has gone from storage', async () => {
    const body = { category: 'art', place: 'Paris', timeOfDay: 'day' };
    const { imageUrl } = (await ask(body).expect(200)).body.data;
    await emptyFolder(storage);
    await request(t.http).get(imageUrl).expect(404);
    await ask(body).expect(200, { success: true, data: { imageUrl } });
    await request(t.http).get(imageUrl).expect(200);
  });

  it('refuses bad input with 400 and the reason, and unknown files with 404', async () => {
    const cases: Array<[unknown, string]> = [
      [
        {},
        'Category must be one of travel, dining, property, events, wellness, fashion, transportation, art, concierge, default',
      ],
      [{ category: 'yachts' }, 'Category must be one of'],
      [{ category: 42 }, 'Category must be one of'],
      [{ category: ['travel'] }, 'Category must be one of'],
      [{ category: 'travel', place: 'x'.repeat(101) }, 'The place is too long'],
      [{ category: 'travel', place: { city: 'Paris' } }, 'The place must be text'],
      [{ category: 'travel', timeOfDay: 'noon' }, 'Time of day must be one of dawn, day, dusk, night'],
      [{ category: 'travel', sessionId: 'x'.repeat(101) }, 'The session id is too long'],
    ];
    for (const [body, message] of cases) {
      const response = await ask(body as object).expect(400);
      expect(response.body.success).toBe(false);
      expect(response.body.error).toContain(message);
    }
    await request(t.http)
      .post('/api/generate-image')
      .set('Content-Type', 'application/json')
      .send('{"category":')
      .expect(400);
    for (const name of ['nothing.svg', '..%2F..%2Fpackage.json', 'a'.repeat(300), 'ABC.svg', '%E2%80%AE.svg']) {
      await request(t.http).get(`/api/images/${name}`).expect(404);
    }
    // A NUL byte is refused before it reaches a route, as everywhere.
    await request(t.http).get('/api/images/%00.svg').expect(400);
    expect(await t.queue(QueueName.ImageGeneration).getJobCounts('completed', 'waiting')).toEqual({
      completed: 0,
      waiting: 0,
    });
  });

  it('keeps a place name to plain words in the drawing (no markup gets through)', async () => {
    const { imageUrl } = (
      await ask({ category: 'events', place: '<script>alert(1)</script> Cannes', timeOfDay: 'night' }).expect(200)
    ).body.data;
    const svg = (await request(t.http).get(imageUrl).buffer(true)).body.toString();
    expect(svg).not.toMatch(/<script/i);
    expect(svg).toContain('SCRIPT ALERT(1) SCRIPT CANNES  ·  NIGHT');
  });

  it('limits image requests per session, and per address', async () => {
    const limit = 20;
    for (let i = 0; i < limit; i += 1) await ask({ category: 'default', sessionId: 'session-a' }).expect(200);
    const refused = await ask({ category: 'default', sessionId: 'session-a' }).expect(429);
    expect(refused.body.error).toBe('Too many image requests. Please wait a minute and try again.');
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('illustrations from an OpenAI-compatible images server', () => {
  let t: TestApp;
  let images: OpenAiImagesServer;
  let storage: string;

  beforeAll(async () => {
    images = await startOpenAiImagesServer();
    storage = await mkdtemp(join(tmpdir(), 'mf-images-'));
    t = await createTestApp({
      worker: true,
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: images.baseURL, STORAGE_DIR: storage, IMAGE_WAIT_MS: '1500' },
    });
  });
  beforeEach(async () => {
    await t.reset();
    await emptyFolder(storage);
    images.requests.length = 0;
    images.answer(() => ({ kind: 'image' }));
  });
  afterAll(async () => {
    await t.close();
    await images.close();
    await rm(storage, { recursive: true, force: true });
  });

  const ask = (body: object) => request(t.http).post('/api/generate-image').send(body);

  it('asks the images API for a house-style picture with the configured model, and serves the PNG itself', async () => {
    const response = await ask({ category: 'property', place: 'Mykonos', timeOfDay: 'day' }).expect(200);
    expect(response.body.data.imageUrl).toMatch(/^\/api\/images\/[a-f0-9]{40}\.png$/);
    expect(images.requests).toHaveLength(1);
    const [sent] = images.requests;
    expect(sent.model).toBe('gpt-image-1');
    expect(sent.size).toBe('1536x1024');
    expect(sent.response_format).toBeUndefined();
    expect(sent.prompt).toContain('a modern villa with tall windows and an infinity pool in Mykonos');
    expect(sent.prompt).toContain('gold and ivory lines on a deep black background');
    const image = await request(t.http).get(response.body.data.imageUrl).buffer(true).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.body as Buffer, goldPng())).toBe(0);
  });

  it('reuses a finished picture instead of asking the images API again', async () => {
    const body = { category: 'dining', place: 'Paris', timeOfDay: 'night' };
    const first = (await ask(body).expect(200)).body.data.imageUrl;
    const [again, other] = await Promise.all([ask(body).expect(200), ask({ ...body, place: 'Rome' }).expect(200)]);
    expect(again.body.data.imageUrl).toBe(first);
    expect(other.body.data.imageUrl).not.toBe(first);
    expect(images.requests.map((r) => r.prompt.includes('Rome'))).toEqual([false, true]);
  });

  it('answers 503 when the picture is not ready in time, then reuses it once the worker has finished', async () => {
    images.answer(() => ({ kind: 'image', delayMs: 2500 }));
    const body = { category: 'events', place: 'Ibiza', timeOfDay: 'night' };
    const late = await ask(body).expect(503);
    expect(late.body).toEqual({ success: false, error: 'The illustration is not ready yet.', code: 'UNAVAILABLE' });
    await t.drain(20_000);
    images.answer(() => ({ kind: 'status', status: 500 }));
    const ready = await ask(body).expect(200);
    expect(ready.body.data.imageUrl).toMatch(/\.png$/);
    expect(images.requests).toHaveLength(1);
  });

  it('answers 503 when the images API fails, and tries again on a later request', async () => {
    images.answer(() => ({ kind: 'status', status: 500 }));
    const body = { category: 'fashion', place: 'Milan', timeOfDay: 'day' };
    await ask(body).expect(503);
    await t.drain(20_000);
    expect(await t.queue(QueueName.ImageGeneration).getJobCounts('failed')).toEqual({ failed: 1 });
    images.answer(() => ({ kind: 'image' }));
    await ask(body).expect(200);
    // Two attempts of the first job, and one for the new request.
    expect(images.requests).toHaveLength(3);
  });
});

describe('illustrations kept in an S3-compatible bucket', () => {
  let t: TestApp;
  let s3: S3Server;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({
      worker: true,
      env: {
        OPENAI_API_KEY: '',
        S3_BUCKET: s3.bucket,
        S3_REGION: s3.region,
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      },
    });
  });
  beforeEach(() => t.reset());
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('stores the picture in the bucket with signed requests, serves it from our origin, and reuses it', async () => {
    const body = { category: 'travel', place: 'Capri', timeOfDay: 'dawn' };
    const { imageUrl } = (await request(t.http).post('/api/generate-image').send(body).expect(200)).body.data;
    const key = `images/${imageUrl.split('/').pop()}`;
    expect(s3.objects.get(key)?.contentType).toBe('image/svg+xml');
    expect(s3.log).toContain(`PUT ${key} 200`);
    expect(s3.log.some((line) => line.endsWith(' 403'))).toBe(false);
    const image = await request(t.http).get(imageUrl).buffer(true).expect(200);
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(Buffer.compare(image.body as Buffer, s3.objects.get(key)!.body)).toBe(0);
    await request(t.http).post('/api/generate-image').send(body).expect(200, { success: true, data: { imageUrl } });
    expect(s3.log.filter((line) => line.startsWith('PUT'))).toHaveLength(1);
    await request(t.http).get('/api/images/0000000000000000000000000000000000000000.svg').expect(404);
  });
});
