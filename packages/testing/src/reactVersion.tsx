// One test each React project runs (`<package>/src/reactVersion.test.tsx`): the project really runs on the React
// major it is named for (LATCHKEY_REACT, set by vitestProject.ts), and the sources, react-dom and the
// dependencies that import React (testing-library, zustand, react-query, Radix, sonner) share one copy of it.
import { render, screen } from '@testing-library/react';
import { useState, version } from 'react';
import { version as reactDomVersion } from 'react-dom';
import { expect, test } from 'vitest';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

function Counter() {
  const [store] = useState(() => createStore(() => ({ count: 1 })));
  const count = useStore(store, (state) => state.count);
  return <output>{`${version} ${count}`}</output>;
}

/** Registers the test: React, react-dom and the copy testing-library and zustand render with are the same. */
export function testReactVersion(): void {
  test(`runs on React ${process.env.LATCHKEY_REACT}, one copy for the sources and the dependencies`, () => {
    expect(version.split('.')[0]).toBe(process.env.LATCHKEY_REACT);
    expect(reactDomVersion).toBe(version);
    // A hook from a second copy of React would throw 'Invalid hook call' here.
    render(<Counter />);
    expect(screen.getByRole('status').textContent).toBe(`${version} 1`);
  });
}
