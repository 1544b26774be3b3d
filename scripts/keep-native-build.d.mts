// Types of keep-native-build.mjs, for its test (scripts/test/keepNativeBuild.test.ts).
export declare function tarGzOfOneFile(name: string, data: Buffer, mode?: number): Buffer;
export declare function keepCompiledBinary(modules: string, env?: NodeJS.ProcessEnv): string | undefined;
