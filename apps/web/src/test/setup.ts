import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core machine a screen can take longer
// to settle, and a test must fail on behaviour, not on timing.
configure({ asyncUtilTimeout: 10_000 });
