import { configure } from '@testing-library/react';

// findBy*/waitFor default to 1 s. The first test of a file also pays for compiling the lazily
// loaded route modules, which on a busy 2-core CI machine can take longer than that.
configure({ asyncUtilTimeout: 15_000 });
