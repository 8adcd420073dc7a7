/** `node --import tsx packages/gateways/src/singpass/fake-singpass-main.ts`: fake-singpass-process.ts from source. */
import { runFakeSingpassProcess } from './fake-singpass-process';

await runFakeSingpassProcess();
