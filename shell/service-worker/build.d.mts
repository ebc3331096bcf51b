export declare const THEME_COLOR: string;
export declare const BACKGROUND_COLOR: string;
export declare const MANIFEST_PATH: string;
export declare const languageManifestPath: (lang: string) => string;
export declare const writeWebAppManifests: (distDir: string) => void;
export declare const PWA_HEAD_TAGS: string;
export declare const addHeadTags: (html: string) => string;
export declare const generateServiceWorker: (options: {
  distDir: string;
  version: string;
}) => Promise<{ count: number; size: number }>;
