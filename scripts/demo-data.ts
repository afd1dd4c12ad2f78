// npm run demo-data — regenerate the bundled synthetic submissions under results/.
// Each benchmark's writer lives in scripts/demo/<benchmark>.ts; output is deterministic.
import { writeMedvisionDemo } from './demo/medvision';
import { writeLatchDemo } from './demo/latch';
import { writeClinicalbenchDemo } from './demo/clinicalbench';

writeMedvisionDemo();
writeClinicalbenchDemo();
writeLatchDemo();
