/**
 * Setup file of the server tests, which share their modules between the files of one worker (vitest
 * `isolate: false`: each file would otherwise import the whole api afresh, about half the loop's
 * time). The process-wide settings a composition root makes (installPersonalData: the key ring and
 * the event codec) are put back to a new process's state before each file, so no file sees what the
 * one before it installed.
 */
import { setEventCodec } from '@hs/eventstore';
import { configurePersonalData } from '@hs/privacy';

setEventCodec(null);
configurePersonalData(undefined);
