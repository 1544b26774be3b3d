// The temporary app's Vite configuration (tarball.e2e.ts): the React plugin, as `npm create vite` sets it up.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({ plugins: [react()] });
