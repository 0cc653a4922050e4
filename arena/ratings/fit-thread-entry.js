// Worker threads start from plain JavaScript: register tsx here, then load the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./fit-thread.ts');
