/**
 * The threaded vector env's worker as the Python package's bundle runs it
 * (scripts/bundle-serve.ts): makeAgent's module, registered under the URL its recipes carry there,
 * which is the server bundle's own (makeAgent is bundled into agora-serve.mjs beside this file).
 */
import * as makeAgentModule from '../agents/make-agent.js';
import { serve } from './vector-worker.js';

serve({ [new URL('./agora-serve.mjs', import.meta.url).href]: makeAgentModule });
