// Makes the shell installable (issue 48): writes the web app manifest, its icons and the service
// worker (pwa/sw.js) into the build, and links the manifest and the theme colour from index.html.
// The server sends these at the site's root (/manifest.webmanifest, /sw.js, /icons/…), uncached,
// from the live shell's build (packages/server/src/plugins/static-files.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { iconPng } from './icons.mjs';

/** shared-ui's theme.colors.primary: the header of an installed app and its icons. */
export const THEME_COLOUR = '#2563eb';
/** shared-ui's theme.colors.background: the splash screen of an installed app. */
const BACKGROUND_COLOUR = '#f3f4f6';

export const ICONS = [
  { file: 'icons/gudang-192.png', size: 192, purpose: 'any' },
  { file: 'icons/gudang-512.png', size: 512, purpose: 'any' },
  { file: 'icons/gudang-maskable-192.png', size: 192, purpose: 'maskable' },
  { file: 'icons/gudang-maskable-512.png', size: 512, purpose: 'maskable' },
];

export const MANIFEST = {
  name: 'Gudang: Inventory Management',
  short_name: 'Gudang',
  description: 'Stok, pesanan, dan pembukuan toko online',
  lang: 'id',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  theme_color: THEME_COLOUR,
  background_color: BACKGROUND_COLOUR,
  icons: ICONS.map(({ file, size, purpose }) => ({
    src: `/${file}`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  })),
};

export class PwaFiles {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('PwaFiles', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PwaFiles', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset(
            'manifest.webmanifest',
            new RawSource(`${JSON.stringify(MANIFEST, null, 2)}\n`),
          );
          for (const icon of ICONS)
            compilation.emitAsset(icon.file, new RawSource(iconPng(icon.size, THEME_COLOUR)));
          const sw = path.join(import.meta.dirname, 'sw.js');
          compilation.fileDependencies.add(sw);
          compilation.emitAsset('sw.js', new RawSource(readFileSync(sw, 'utf8')));
        },
      );
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PwaFiles', (groups) => {
        groups.headTags.push(
          // The page's 'Memuat...' sat 40vh down through the body's default margin (collapsed into
          // it): the app's first render moved the whole body up, a layout shift of 0.4 on every
          // page (issue 48). The body starts where the app's styles put it, the text padded down.
          HtmlWebpackPlugin.createHtmlTagObject(
            'style',
            {},
            'body{margin:0}#root>p:only-child{margin:0!important;padding-top:40vh}',
          ),
          HtmlWebpackPlugin.createHtmlTagObject('meta', {
            name: 'theme-color',
            content: THEME_COLOUR,
          }),
          HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'manifest',
            href: '/manifest.webmanifest',
          }),
          HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'apple-touch-icon',
            href: `/${ICONS[0].file}`,
          }),
        );
        return groups;
      });
    });
  }
}
