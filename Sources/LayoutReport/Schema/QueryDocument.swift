/// The answer to one query, written as the contract says:
/// `{"contentOffset": y}`, `{"indexPath": [s, r]}`, `{"indexPaths": […]}`, or
/// `{"indexPaths": […], "pinnedHeaders": […]}` (a `visibleAt`). Nulls are written.
public enum QueryDocument: Codable, Hashable, Sendable {
    case contentOffset(Double?)
    case indexPath([Int]?)
    case indexPaths([[Int]])
    case visible(indexPaths: [[Int]], pinnedHeaders: [PinnedDocument])

    enum CodingKeys: String, CodingKey { case contentOffset, indexPath, indexPaths, pinnedHeaders }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .contentOffset(let y): try c.encode(y, forKey: .contentOffset)
        case .indexPath(let path): try c.encode(path, forKey: .indexPath)
        case .indexPaths(let paths): try c.encode(paths, forKey: .indexPaths)
        case .visible(let paths, let pinned):
            try c.encode(paths, forKey: .indexPaths)
            try c.encode(pinned, forKey: .pinnedHeaders)
        }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if c.contains(.contentOffset) {
            self = .contentOffset(try c.decodeIfPresent(Double.self, forKey: .contentOffset))
        } else if c.contains(.indexPath) {
            self = .indexPath(try c.decodeIfPresent([Int].self, forKey: .indexPath))
        } else if c.contains(.pinnedHeaders) {
            self = .visible(indexPaths: try c.decode([[Int]].self, forKey: .indexPaths),
                            pinnedHeaders: try c.decode([PinnedDocument].self, forKey: .pinnedHeaders))
        } else {
            self = .indexPaths(try c.decode([[Int]].self, forKey: .indexPaths))
        }
    }
}

/// What `layout compute --summary` prints: no per-row geometry, so it stays small for a
/// million rows. `counts` is `{"sections", "rows"}` for tables, `{"sections", "items"}` for grids.
public struct SummaryDocument: Codable, Hashable, Sendable {
    public var schemaVersion: Int
    public var kind: String
    public var contentSize: SizeDocument
    public var sectionCount: Int
    public var elementCount: Int
    public var visible: [[Int]]
    public var pinnedHeaders: [PinnedDocument]
    public var queries: [QueryDocument]
    public var warnings: [String]?

    public init(schemaVersion: Int = ResultDocument.currentSchemaVersion, kind: String, contentSize: SizeDocument,
                sectionCount: Int, elementCount: Int, visible: [[Int]], pinnedHeaders: [PinnedDocument],
                queries: [QueryDocument], warnings: [String]? = nil) {
        self.schemaVersion = schemaVersion
        self.kind = kind
        self.contentSize = contentSize
        self.sectionCount = sectionCount
        self.elementCount = elementCount
        self.visible = visible
        self.pinnedHeaders = pinnedHeaders
        self.queries = queries
        self.warnings = warnings
    }

    var isTable: Bool { kind == "table" }

    enum CodingKeys: String, CodingKey {
        case schemaVersion, kind, contentSize, counts, visibleRows, visibleItems, pinnedHeaders, queries, warnings
    }

    enum CountKeys: String, CodingKey { case sections, rows, items }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schemaVersion, forKey: .schemaVersion)
        try c.encode(kind, forKey: .kind)
        try c.encode(contentSize, forKey: .contentSize)
        var counts = c.nestedContainer(keyedBy: CountKeys.self, forKey: .counts)
        try counts.encode(sectionCount, forKey: .sections)
        try counts.encode(elementCount, forKey: isTable ? .rows : .items)
        try c.encode(visible, forKey: isTable ? .visibleRows : .visibleItems)
        try c.encode(pinnedHeaders, forKey: .pinnedHeaders)
        try c.encode(queries, forKey: .queries)
        if let warnings, !warnings.isEmpty { try c.encode(warnings, forKey: .warnings) }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try c.decode(Int.self, forKey: .schemaVersion)
        kind = try c.decode(String.self, forKey: .kind)
        contentSize = try c.decode(SizeDocument.self, forKey: .contentSize)
        let counts = try c.nestedContainer(keyedBy: CountKeys.self, forKey: .counts)
        sectionCount = try counts.decode(Int.self, forKey: .sections)
        elementCount = try counts.decodeIfPresent(Int.self, forKey: .rows) ?? counts.decode(Int.self, forKey: .items)
        visible = try c.decodeIfPresent([[Int]].self, forKey: .visibleRows)
            ?? c.decodeIfPresent([[Int]].self, forKey: .visibleItems) ?? []
        pinnedHeaders = try c.decodeIfPresent([PinnedDocument].self, forKey: .pinnedHeaders) ?? []
        queries = try c.decodeIfPresent([QueryDocument].self, forKey: .queries) ?? []
        warnings = try c.decodeIfPresent([String].self, forKey: .warnings)
    }
}
