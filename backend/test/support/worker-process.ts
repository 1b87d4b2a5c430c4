/**
 * A worker process of its own, for tests that kill one mid-job (SIGKILL: no shutdown hooks run).
 * Started by startWorkerProcess() with the test run's settings; tells its parent when it is ready.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadEnvironment } from '../../src/config/environment';
import { WorkerModule } from '../../src/worker.module';

void NestFactory.createApplicationContext(WorkerModule.for(loadEnvironment()), { logger: false, abortOnError: false })
  .then(async (worker) => {
    await worker.init();
    process.send?.('ready');
  })
  .catch((error: Error) => {
    process.stderr.write(`${error.stack ?? error.message}\n`);
    process.exit(1);
  });
