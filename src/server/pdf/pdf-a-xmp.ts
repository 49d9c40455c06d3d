/**
 * The XMP metadata of a PDF/A-3 document (docs/invoices.md, "The document"): it declares the
 * PDF/A part and level (3, B), repeats the document information dictionary (title, author,
 * subject, producer, creator tool, dates: PDF/A asks both to say the same), and, for an
 * invoice, the Factur-X fields with the extension schema that describes them, as the Factur-X
 * specification writes it. Plain text, no clock: the same fields give the same bytes.
 */
import { escapeXml } from '#server/platform/xml-text';

export interface XmpFields {
  title: string;
  author: string;
  subject: string;
  producer: string;
  creatorTool: string;
  /** Creation and modification alike. */
  date: Date;
  /** The Factur-X file attached, and its profile. */
  facturX?: { fileName: string; documentType: 'INVOICE'; conformanceLevel: 'EN 16931' };
}

/** 2026-11-27T00:00:00Z: the same moment as the info dictionary's D:20261127000000Z. */
const xmpDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

const FACTUR_X_NS = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

const FACTUR_X_PROPERTIES = [
  ['DocumentFileName', 'The name of the embedded XML document'],
  ['DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
  ['Version', 'The actual version of the standard applying to the embedded XML document'],
  ['ConformanceLevel', 'The conformance level of the embedded XML document'],
] as const;

function facturXDescriptions(facturX: NonNullable<XmpFields['facturX']>): string {
  const properties = FACTUR_X_PROPERTIES.map(
    ([name, description]) =>
      `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`,
  ).join('\n');
  return `<rdf:Description rdf:about="" xmlns:fx="${FACTUR_X_NS}">
<fx:DocumentType>${facturX.documentType}</fx:DocumentType>
<fx:DocumentFileName>${escapeXml(facturX.fileName)}</fx:DocumentFileName>
<fx:Version>1.0</fx:Version>
<fx:ConformanceLevel>${facturX.conformanceLevel}</fx:ConformanceLevel>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
<pdfaSchema:namespaceURI>${FACTUR_X_NS}</pdfaSchema:namespaceURI>
<pdfaSchema:prefix>fx</pdfaSchema:prefix>
<pdfaSchema:property><rdf:Seq>
${properties}
</rdf:Seq></pdfaSchema:property>
</rdf:li></rdf:Bag></pdfaExtension:schemas>
</rdf:Description>`;
}

/** The XMP packet, as UTF-8 text. */
export function xmpPacket(fields: XmpFields): string {
  const text = (value: string) => escapeXml(value);
  const date = xmpDate(fields.date);
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
<pdfaid:part>3</pdfaid:part>
<pdfaid:conformance>B</pdfaid:conformance>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:format>application/pdf</dc:format>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${text(fields.title)}</rdf:li></rdf:Alt></dc:title>
<dc:creator><rdf:Seq><rdf:li>${text(fields.author)}</rdf:li></rdf:Seq></dc:creator>
<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${text(fields.subject)}</rdf:li></rdf:Alt></dc:description>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
<pdf:Producer>${text(fields.producer)}</pdf:Producer>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
<xmp:CreatorTool>${text(fields.creatorTool)}</xmp:CreatorTool>
<xmp:CreateDate>${date}</xmp:CreateDate>
<xmp:ModifyDate>${date}</xmp:ModifyDate>
<xmp:MetadataDate>${date}</xmp:MetadataDate>
</rdf:Description>
${fields.facturX ? facturXDescriptions(fields.facturX) : ''}
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}
