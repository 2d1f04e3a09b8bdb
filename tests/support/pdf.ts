import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of a PDF as a reader's copy-paste would give it, page by page (Mozilla's pdf.js). */
export async function pdfText(data: Uint8Array): Promise<{ pages: string[]; title: string | undefined }> {
  const document = await getDocument({ data, useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : ''))
        .join('')
        .replace(/[ \t]+/g, ' '),
    );
  }
  const { info } = (await document.getMetadata()) as { info: { Title?: string } };
  await document.destroy();
  return { pages, title: info.Title };
}
