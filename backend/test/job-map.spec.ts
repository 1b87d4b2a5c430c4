import { Injectable } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { JobDispatcher } from '../src/platform/queue/job-dispatcher.service';
import { JobHandler } from '../src/platform/queue/job-handler.decorator';
import { declareJobs } from '../src/platform/queue/job-payloads';
import { QueueName } from '../src/platform/queue/queue-names';

// This file's own jobs (Jest gives each test file its own module registry, so its own job map).
declare module '../src/platform/queue/job-payloads' {
  interface JobPayloads {
    'test.greet': { name: string };
    'test.orphan': { name: string };
  }
}

declareJobs({ 'test.greet': QueueName.Email });

@Injectable()
@JobHandler('test.greet', QueueName.Email)
class GreetJob {
  async handle() {
    return 'greeted';
  }
}

/** A handler of a job the map does not have: the name is a typo the compiler would catch in our code. */
@Injectable()
@JobHandler('test.greeet' as never, QueueName.Email)
class MisnamedJob {
  async handle() {
    return 'never';
  }
}

@Injectable()
@JobHandler('test.greet', QueueName.ImageGeneration)
class WrongQueueJob {
  async handle() {
    return 'never';
  }
}

/** Boots what the worker boots to find its handlers: JobDispatcher over these providers. */
async function boot(...handlers: Array<new (...args: never[]) => unknown>) {
  const module = await Test.createTestingModule({
    imports: [DiscoveryModule],
    providers: [JobDispatcher, ...handlers],
  }).compile();
  const app = module.createNestApplication();
  try {
    await app.init();
    return app.get(JobDispatcher);
  } finally {
    await app.close();
  }
}

describe('the worker checks its handlers against the job map at boot', () => {
  it('starts when every job of the map has its handler', async () => {
    const dispatcher = await boot(GreetJob);
    await expect(dispatcher.run({ name: 'test.greet', data: { name: 'Ada' } } as never)).resolves.toBe('greeted');
  });

  it('refuses to start when a handler names a job the map does not know', async () => {
    await expect(boot(GreetJob, MisnamedJob)).rejects.toThrow(
      'MisnamedJob handles job "test.greeet", which is not in the job map: declare it with declareJobs',
    );
  });

  it('refuses to start when a handler puts its job on another queue than the map', async () => {
    await expect(boot(WrongQueueJob)).rejects.toThrow(
      `WrongQueueJob handles job "test.greet" on queue "${QueueName.ImageGeneration}", but the job map puts it on "${QueueName.Email}"`,
    );
  });

  it('refuses to start when a job of the map has no handler', async () => {
    declareJobs({ 'test.orphan': QueueName.Email });
    await expect(boot(GreetJob)).rejects.toThrow(
      `No handler for "test.orphan" in the job map: add its @JobHandler class to its module's providers`,
    );
  });
});
