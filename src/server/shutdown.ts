/**
 * Clean stop on SIGTERM/SIGINT for the server and worker processes: run `stop` once, exit 0 when it
 * is done, 1 when it fails or takes longer than 15 s (a hung connection must not keep the process).
 */
import type { Logger } from 'pino';

export function stopOnSignals(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Work the stop abandons may still fail on closed connections: log it and finish the stop,
    // which also stops the embedded PostgreSQL (a crash here would leave it running).
    process.on('unhandledRejection', (reason) => logger.warn({ err: reason }, 'abandoned work failed while stopping'));
    const force = setTimeout(() => {
      logger.error('shutdown took too long, exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await stop();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
