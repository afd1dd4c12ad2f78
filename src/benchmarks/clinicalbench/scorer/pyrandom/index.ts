export { PyRandom } from './random';
export { type PyInt, narrowInt, toBigInt } from './py-int';
export { intSeedKey } from './seed-key';
