import { configure } from '@testing-library/react';

// Lazy routes compile on first use; on a loaded 2-core CI machine that can take longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no `CSS` global; react-aria's Modal reads the viewport meta tag through CSS.escape (a selector for a
// plain name here, so escaping every non-word character is enough).
if (typeof globalThis.CSS === 'undefined') {
  Object.defineProperty(globalThis, 'CSS', {
    value: { escape: (value: string) => String(value).replace(/[^\w-]/g, (c) => `\\${c}`) },
  });
}
