export function electronBinary(root?: string, env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform): string | null;
export function whyNoElectron(env?: NodeJS.ProcessEnv): string;
