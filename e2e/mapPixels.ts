/** What a WebGL map shows, read from a screenshot of it: how many pixels of each colour. */
import type { Locator, Page } from '@playwright/test';

/** A colour drawn with an opacity over the white page, as the screen shows it. */
export function shown(hex: string, opacity: number): [number, number, number] {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return channels.map((value) => Math.round(value * opacity + 255 * (1 - opacity))) as [number, number, number];
}

/** The number of pixels of the map in each colour (drawn with `opacity`), within a small tolerance. */
export async function pixelsOf(page: Page, map: Locator, colours: string[], opacity: number): Promise<number[]> {
  const png = (await map.screenshot()).toString('base64');
  const targets = colours.map((colour) => shown(colour, opacity));
  return page.evaluate(
    async ({ png, targets }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      return targets.map(([r, g, b]) => {
        let count = 0;
        for (let index = 0; index < data.length; index += 4) {
          if (Math.abs(data[index] - r) + Math.abs(data[index + 1] - g) + Math.abs(data[index + 2] - b) < 24) count += 1;
        }
        return count;
      });
    },
    { png, targets },
  );
}
