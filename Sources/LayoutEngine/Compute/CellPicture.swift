import LayoutGeometry
import TableLayout
import TextLayout

/// What a phone would draw in one row: its texts as glyph outlines where UIKit puts its labels,
/// image placeholders, the accessory and the separator — in the row's coordinates (its rect's
/// top-left is 0,0). Computed only when `ComputeOptions.drawsCells` asks (`layout report` does),
/// for the rows a report draws.
public struct CellPicture: Hashable, Sendable {
    /// Where the row's height came from: `"fixed"` (a fixed row height or the row's own),
    /// `"measured"` (self-sized from its content) or `"estimated"` (never measured: nothing else
    /// is drawn).
    public var heightSource: String
    /// The texts, each at its label's frame.
    public var texts: [Text]
    /// Image placeholders (a system cell's `imageView`, a custom cell's image, a layout's boxes).
    public var images: [Rect]
    /// The accessory (`disclosureIndicator`, `checkmark`, `detailButton`,
    /// `detailDisclosureButton`, `custom`), if the row shows one.
    public var accessory: Accessory?
    /// The separator line below the row (its inset on the left as UIKit's default: the text's x).
    public var separator: Rect?

    /// The lines of all the row's texts.
    public var lineCount: Int { texts.reduce(0) { $0 + $1.lineCount } }

    /// One text: its frame (the bounding rect of its lines) and its outlines in that frame's
    /// coordinates (`TextPicture`).
    public struct Text: Hashable, Sendable {
        /// The text's frame in the row.
        public var frame: Rect
        /// The text as given.
        public var string: String
        /// SVG path data of the glyphs, in the frame's coordinates.
        public var path: String
        /// Boxes standing for colour bitmap glyphs (emoji), in the frame's coordinates.
        public var bitmapGlyphs: [Rect]
        /// Its number of lines.
        public var lineCount: Int
        /// Whether it was cut short ("…" or a line limit).
        public var truncated: Bool

        /// Creates a text picture.
        public init(frame: Rect, string: String, path: String, bitmapGlyphs: [Rect] = [], lineCount: Int, truncated: Bool) {
            self.frame = frame
            self.string = string
            self.path = path
            self.bitmapGlyphs = bitmapGlyphs
            self.lineCount = lineCount
            self.truncated = truncated
        }
    }

    /// An accessory view: its kind and its frame in the row.
    public struct Accessory: Hashable, Sendable {
        public var kind: String
        public var frame: Rect

        /// Creates an accessory picture.
        public init(kind: String, frame: Rect) {
            self.kind = kind
            self.frame = frame
        }
    }

    /// Creates a picture.
    public init(heightSource: String, texts: [Text] = [], images: [Rect] = [], accessory: Accessory? = nil, separator: Rect? = nil) {
        self.heightSource = heightSource
        self.texts = texts
        self.images = images
        self.accessory = accessory
        self.separator = separator
    }
}

extension CellPicture {
    /// The picture's mirror image within a cell `width` wide: every rect's x reflected (a text's
    /// glyphs stay as drawn inside its rect).
    mutating func mirror(width: Double) {
        func mirrored(_ r: Rect) -> Rect { Rect(x: width - r.maxX, y: r.minY, width: r.width, height: r.height) }
        for i in texts.indices { texts[i].frame = mirrored(texts[i].frame) }
        images = images.map(mirrored)
        if let a = accessory { accessory?.frame = mirrored(a.frame) }
        separator = separator.map(mirrored)
    }
}
