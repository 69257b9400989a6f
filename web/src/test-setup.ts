import { configure } from '@testing-library/react';

// Lazy routes compile on first use; on a loaded 2-core CI machine that can take longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });
