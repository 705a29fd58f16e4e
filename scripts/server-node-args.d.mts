export declare const SERVER_NODE_ARGS: string[];
export declare function serverNodeArgs(env?: Record<string, string | undefined>): string[];
export declare const SERVER_ENV: Record<string, string>;
