/// The versioned JSON schema of `layout compute`'s result (the contract's "Result of compute").
///
/// Table results name their elements `rows` / `visibleRows`; grid results `items` /
/// `visibleItems`. A rect is `[x, y, width, height]`; a header, footer or table header/footer
/// of height 0 is `null`. Keys are encoded in the contract's order. `schemaVersion` is
/// written on the top-level document only and increases when a name or meaning changes.
public struct ResultDocument: Codable, Hashable, Sendable {
    /// The schema version this build writes.
    public static let currentSchemaVersion = 1

    /// Present on the top-level document; nil on nested results.
    public var schemaVersion: Int?
    /// `"table"` or `"grid"`.
    public var kind: String
    public var contentSize: SizeDocument
    /// Tables only (written as `null` when absent).
    public var tableHeader: [Double]?
    public var tableFooter: [Double]?
    /// A composed table header's or footer's frames (in its own coordinates); omitted otherwise.
    public var tableHeaderFrames: [FrameDocument]?
    public var tableFooterFrames: [FrameDocument]?
    /// The table header and footer views as drawn (reports only).
    public var tableHeaderPicture: PictureDocument?
    public var tableFooterPicture: PictureDocument?
    public var sections: [SectionDocument]
    /// `visibleRows` (table) or `visibleItems` (grid): `[[s, r], …]`.
    public var visible: [[Int]]
    public var pinnedHeaders: [PinnedDocument]
    /// Grids with `sectionFootersPinToVisibleBounds` only.
    public var pinnedFooters: [PinnedDocument]?
    public var queries: [QueryDocument]
    /// Things the engine accepted but changed; omitted when empty.
    public var warnings: [String]?

    public init(schemaVersion: Int? = ResultDocument.currentSchemaVersion, kind: String, contentSize: SizeDocument,
                tableHeader: [Double]? = nil, tableFooter: [Double]? = nil, sections: [SectionDocument],
                visible: [[Int]] = [], pinnedHeaders: [PinnedDocument] = [], pinnedFooters: [PinnedDocument]? = nil,
                queries: [QueryDocument] = [], warnings: [String]? = nil) {
        self.schemaVersion = schemaVersion
        self.kind = kind
        self.contentSize = contentSize
        self.tableHeader = tableHeader
        self.tableFooter = tableFooter
        self.sections = sections
        self.visible = visible
        self.pinnedHeaders = pinnedHeaders
        self.pinnedFooters = pinnedFooters
        self.queries = queries
        self.warnings = warnings
    }

    /// Whether this is a table result.
    public var isTable: Bool { kind == "table" }

    enum CodingKeys: String, CodingKey {
        case schemaVersion, kind, contentSize, tableHeader, tableFooter, tableHeaderFrames, tableFooterFrames
        case tableHeaderPicture, tableFooterPicture, sections
        case visibleRows, visibleItems, pinnedHeaders, pinnedFooters, queries, warnings
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(schemaVersion, forKey: .schemaVersion)
        try c.encode(kind, forKey: .kind)
        try c.encode(contentSize, forKey: .contentSize)
        if isTable {
            try c.encode(tableHeader, forKey: .tableHeader)
            try c.encode(tableFooter, forKey: .tableFooter)
            try c.encodeIfPresent(tableHeaderFrames, forKey: .tableHeaderFrames)
            try c.encodeIfPresent(tableFooterFrames, forKey: .tableFooterFrames)
            try c.encodeIfPresent(tableHeaderPicture, forKey: .tableHeaderPicture)
            try c.encodeIfPresent(tableFooterPicture, forKey: .tableFooterPicture)
        }
        try c.encode(sections, forKey: .sections)
        try c.encode(visible, forKey: isTable ? .visibleRows : .visibleItems)
        try c.encode(pinnedHeaders, forKey: .pinnedHeaders)
        try c.encodeIfPresent(pinnedFooters, forKey: .pinnedFooters)
        try c.encode(queries, forKey: .queries)
        if let warnings, !warnings.isEmpty { try c.encode(warnings, forKey: .warnings) }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try c.decodeIfPresent(Int.self, forKey: .schemaVersion)
        kind = try c.decode(String.self, forKey: .kind)
        contentSize = try c.decode(SizeDocument.self, forKey: .contentSize)
        tableHeader = try c.decodeIfPresent([Double].self, forKey: .tableHeader)
        tableFooter = try c.decodeIfPresent([Double].self, forKey: .tableFooter)
        tableHeaderFrames = try c.decodeIfPresent([FrameDocument].self, forKey: .tableHeaderFrames)
        tableFooterFrames = try c.decodeIfPresent([FrameDocument].self, forKey: .tableFooterFrames)
        tableHeaderPicture = try c.decodeIfPresent(PictureDocument.self, forKey: .tableHeaderPicture)
        tableFooterPicture = try c.decodeIfPresent(PictureDocument.self, forKey: .tableFooterPicture)
        sections = try c.decode([SectionDocument].self, forKey: .sections)
        visible = try c.decodeIfPresent([[Int]].self, forKey: .visibleRows)
            ?? c.decodeIfPresent([[Int]].self, forKey: .visibleItems) ?? []
        pinnedHeaders = try c.decodeIfPresent([PinnedDocument].self, forKey: .pinnedHeaders) ?? []
        pinnedFooters = try c.decodeIfPresent([PinnedDocument].self, forKey: .pinnedFooters)
        queries = try c.decodeIfPresent([QueryDocument].self, forKey: .queries) ?? []
        warnings = try c.decodeIfPresent([String].self, forKey: .warnings)
    }
}

/// `{"width": w, "height": h}`.
public struct SizeDocument: Codable, Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// One section: `rect`, `header`, `footer` (null when absent) and `rows` or `items`.
public struct SectionDocument: Codable, Hashable, Sendable {
    public var rect: [Double]
    public var header: [Double]?
    public var footer: [Double]?
    /// The section's rows (table) or items (grid); the key follows `isTable`.
    public var elements: [ElementDocument]
    /// Whether the elements are written as `rows` (true) or `items`.
    public var isTable: Bool
    /// The header's and footer's titles as drawn (reports only).
    public var headerPicture: PictureDocument?
    public var footerPicture: PictureDocument?
    /// A composed header's or footer's frames (in its own coordinates); omitted otherwise.
    public var headerFrames: [FrameDocument]?
    public var footerFrames: [FrameDocument]?

    public init(rect: [Double], header: [Double]?, footer: [Double]?, elements: [ElementDocument], isTable: Bool,
                headerPicture: PictureDocument? = nil, footerPicture: PictureDocument? = nil,
                headerFrames: [FrameDocument]? = nil, footerFrames: [FrameDocument]? = nil) {
        self.rect = rect
        self.header = header
        self.footer = footer
        self.elements = elements
        self.isTable = isTable
        self.headerPicture = headerPicture
        self.footerPicture = footerPicture
        self.headerFrames = headerFrames
        self.footerFrames = footerFrames
    }

    enum CodingKeys: String, CodingKey { case rect, header, footer, headerFrames, footerFrames, rows, items, headerPicture, footerPicture }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(rect, forKey: .rect)
        try c.encode(header, forKey: .header)
        try c.encode(footer, forKey: .footer)
        try c.encodeIfPresent(headerFrames, forKey: .headerFrames)
        try c.encodeIfPresent(footerFrames, forKey: .footerFrames)
        try c.encode(elements, forKey: isTable ? .rows : .items)
        try c.encodeIfPresent(headerPicture, forKey: .headerPicture)
        try c.encodeIfPresent(footerPicture, forKey: .footerPicture)
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        rect = try c.decode([Double].self, forKey: .rect)
        header = try c.decodeIfPresent([Double].self, forKey: .header)
        footer = try c.decodeIfPresent([Double].self, forKey: .footer)
        headerPicture = try c.decodeIfPresent(PictureDocument.self, forKey: .headerPicture)
        footerPicture = try c.decodeIfPresent(PictureDocument.self, forKey: .footerPicture)
        headerFrames = try c.decodeIfPresent([FrameDocument].self, forKey: .headerFrames)
        footerFrames = try c.decodeIfPresent([FrameDocument].self, forKey: .footerFrames)
        if let rows = try c.decodeIfPresent([ElementDocument].self, forKey: .rows) {
            elements = rows
            isTable = true
        } else {
            elements = try c.decodeIfPresent([ElementDocument].self, forKey: .items) ?? []
            isTable = false
        }
    }
}

/// One row or item: `rect`, `estimated`, `nested` (the inner result, or null).
public struct ElementDocument: Codable, Hashable, Sendable {
    public var rect: [Double]
    public var estimated: Bool
    public var nested: ResultDocument? {
        get { nestedStorage.first }
        set { nestedStorage = newValue.map { [$0] } ?? [] }
    }
    private var nestedStorage: [ResultDocument]
    /// A composed cell's frames (rows with a `layout`); absent for other rows.
    public var frames: [FrameDocument]?
    /// What a phone would draw in the row (reports only: `ComputeOptions.drawsCells`).
    public var picture: PictureDocument?

    public init(rect: [Double], estimated: Bool = false, nested: ResultDocument? = nil, frames: [FrameDocument]? = nil,
                picture: PictureDocument? = nil) {
        self.rect = rect
        self.estimated = estimated
        self.nestedStorage = nested.map { [$0] } ?? []
        self.frames = frames
        self.picture = picture
    }

    enum CodingKeys: String, CodingKey { case rect, estimated, nested, frames, picture }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(rect, forKey: .rect)
        try c.encode(estimated, forKey: .estimated)
        try c.encode(nested, forKey: .nested)
        try c.encodeIfPresent(frames, forKey: .frames)
        try c.encodeIfPresent(picture, forKey: .picture)
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        rect = try c.decode([Double].self, forKey: .rect)
        estimated = try c.decodeIfPresent(Bool.self, forKey: .estimated) ?? false
        nestedStorage = try c.decodeIfPresent(ResultDocument.self, forKey: .nested).map { [$0] } ?? []
        frames = try c.decodeIfPresent([FrameDocument].self, forKey: .frames)
        picture = try c.decodeIfPresent(PictureDocument.self, forKey: .picture)
    }
}

/// A row as a phone would draw it (`CellPicture`), in the row's coordinates: where its height
/// came from, its texts as glyph outlines (SVG path data in each text's frame), image
/// placeholders, the accessory and the separator.
public struct PictureDocument: Codable, Hashable, Sendable {
    /// `fixed`, `measured` or `estimated`.
    public var heightSource: String
    public var texts: [PictureTextDocument]
    public var images: [[Double]]
    public var accessory: PictureAccessoryDocument?
    public var separator: [Double]?

    public init(heightSource: String, texts: [PictureTextDocument] = [], images: [[Double]] = [],
                accessory: PictureAccessoryDocument? = nil, separator: [Double]? = nil) {
        self.heightSource = heightSource
        self.texts = texts
        self.images = images
        self.accessory = accessory
        self.separator = separator
    }

    /// The lines of all the row's texts.
    public var lineCount: Int { texts.reduce(0) { $0 + $1.lineCount } }
}

/// One text of a row's picture.
public struct PictureTextDocument: Codable, Hashable, Sendable {
    public var rect: [Double]
    public var text: String
    public var path: String
    public var bitmapGlyphs: [[Double]]
    public var lineCount: Int
    public var truncated: Bool

    public init(rect: [Double], text: String, path: String, bitmapGlyphs: [[Double]] = [], lineCount: Int, truncated: Bool) {
        self.rect = rect
        self.text = text
        self.path = path
        self.bitmapGlyphs = bitmapGlyphs
        self.lineCount = lineCount
        self.truncated = truncated
    }
}

/// A row's accessory: its kind and frame.
public struct PictureAccessoryDocument: Codable, Hashable, Sendable {
    public var kind: String
    public var rect: [Double]

    public init(kind: String, rect: [Double]) {
        self.kind = kind
        self.rect = rect
    }
}

/// One element of a composed cell: `{"path": [0, 1], "id": "name", "rect": [x, y, w, h]}`
/// (`id` null when the spec gives none), in the row's coordinates.
public struct FrameDocument: Codable, Hashable, Sendable {
    public var path: [Int]
    public var id: String?
    public var rect: [Double]
    /// A `{"table": …}` or `{"grid": …}` element's layout (in the row's coordinates, at the
    /// element's content box); absent for other elements.
    public var nested: ResultDocument? {
        get { nestedStorage.first }
        set { nestedStorage = newValue.map { [$0] } ?? [] }
    }
    private var nestedStorage: [ResultDocument] = []

    public init(path: [Int], id: String?, rect: [Double], nested: ResultDocument? = nil) {
        self.path = path
        self.id = id
        self.rect = rect
        self.nested = nested
    }

    enum CodingKeys: String, CodingKey { case path, id, rect, nested }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(path, forKey: .path)
        try c.encode(id, forKey: .id)
        try c.encode(rect, forKey: .rect)
        try c.encodeIfPresent(nested, forKey: .nested)
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        path = try c.decode([Int].self, forKey: .path)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        rect = try c.decode([Double].self, forKey: .rect)
        nestedStorage = try c.decodeIfPresent(ResultDocument.self, forKey: .nested).map { [$0] } ?? []
    }
}

/// `{"section": s, "rect": […]}`.
public struct PinnedDocument: Codable, Hashable, Sendable {
    public var section: Int
    public var rect: [Double]

    public init(section: Int, rect: [Double]) {
        self.section = section
        self.rect = rect
    }
}
