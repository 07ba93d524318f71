import LayoutEngine
import LayoutGeometry

extension ResultDocument {
    /// The schema form of an engine result. `topLevel` false leaves out `schemaVersion`
    /// (nested results).
    public init(_ result: ComputeResult, topLevel: Bool = true) {
        let isTable = result.kind == .table
        self.init(
            schemaVersion: topLevel ? ResultDocument.currentSchemaVersion : nil,
            kind: result.kind.rawValue,
            contentSize: SizeDocument(width: result.contentSize.width, height: result.contentSize.height),
            tableHeader: result.tableHeader.flatMap(Self.rectOrNull),
            tableFooter: result.tableFooter.flatMap(Self.rectOrNull),
            sections: result.sections.map { section in
                SectionDocument(
                    rect: section.rect.array, header: section.header.flatMap(Self.rectOrNull),
                    footer: section.footer.flatMap(Self.rectOrNull),
                    elements: section.elements.map { element in
                        ElementDocument(rect: element.rect.array, estimated: element.estimated,
                                        nested: element.nested.map { ResultDocument($0, topLevel: false) },
                                        frames: element.frames.map { Self.frames($0, nested: element.framesNested) },
                                        picture: element.picture.map(PictureDocument.init))
                    },
                    isTable: isTable, headerPicture: section.headerPicture.map(PictureDocument.init),
                    footerPicture: section.footerPicture.map(PictureDocument.init),
                    headerFrames: section.headerLayout.map { Self.frames($0.frames, nested: $0.nested) },
                    footerFrames: section.footerLayout.map { Self.frames($0.frames, nested: $0.nested) })
            },
            visible: result.visible.map(Self.pair),
            pinnedHeaders: result.pinnedHeaders.map(PinnedDocument.init),
            pinnedFooters: result.pinnedFooters.isEmpty ? nil : result.pinnedFooters.map(PinnedDocument.init),
            queries: result.queries.map(QueryDocument.init),
            warnings: result.warnings.isEmpty ? nil : result.warnings)
        tableHeaderFrames = result.tableHeaderLayout.map { Self.frames($0.frames, nested: $0.nested) }
        tableFooterFrames = result.tableFooterLayout.map { Self.frames($0.frames, nested: $0.nested) }
        tableHeaderPicture = result.tableHeaderPicture.map(PictureDocument.init)
        tableFooterPicture = result.tableFooterPicture.map(PictureDocument.init)
    }

    /// A composed cell's frames, each with the layout of the table or grid it holds, if any.
    static func frames(_ frames: [CellFrame], nested: [Int: ComputeResult]) -> [FrameDocument] {
        frames.enumerated().map { i, frame in
            FrameDocument(path: frame.path, id: frame.id, rect: frame.rect.array, nested: nested[i].map { ResultDocument($0, topLevel: false) })
        }
    }

    /// A header/footer of height 0 is reported as null (contract, Details).
    static func rectOrNull(_ rect: Rect) -> [Double]? { rect.height == 0 ? nil : rect.array }

    static func pair(_ path: IndexPath) -> [Int] { [path.section, path.item] }
}

extension SummaryDocument {
    /// The `--summary` form of an engine result.
    public init(_ result: ComputeResult) {
        self.init(
            kind: result.kind.rawValue,
            contentSize: SizeDocument(width: result.contentSize.width, height: result.contentSize.height),
            sectionCount: result.counts.sections, elementCount: result.counts.elements,
            visible: result.visible.map(ResultDocument.pair),
            pinnedHeaders: result.pinnedHeaders.map(PinnedDocument.init),
            queries: result.queries.map(QueryDocument.init),
            warnings: result.warnings.isEmpty ? nil : result.warnings)
    }
}

extension PictureDocument {
    /// The schema form of a row's picture.
    public init(_ p: CellPicture) {
        self.init(heightSource: p.heightSource,
                  texts: p.texts.map {
                      PictureTextDocument(rect: $0.frame.array, text: $0.string, path: $0.path,
                                          bitmapGlyphs: $0.bitmapGlyphs.map(\.array), lineCount: $0.lineCount, truncated: $0.truncated)
                  },
                  images: p.images.map(\.array),
                  accessory: p.accessory.map { PictureAccessoryDocument(kind: $0.kind, rect: $0.frame.array) },
                  separator: p.separator?.array)
    }
}

extension PinnedDocument {
    init(_ pinned: PinnedSupplementary) { self.init(section: pinned.section, rect: pinned.frame.array) }
}

extension QueryDocument {
    /// The schema form of a query answer.
    public init(_ answer: QueryAnswer) {
        switch answer {
        case .contentOffset(let y): self = .contentOffset(y)
        case .indexPath(let path): self = .indexPath(path.map(ResultDocument.pair))
        case .indexPaths(let paths): self = .indexPaths(paths.map(ResultDocument.pair))
        case .visible(let paths, let pinned):
            self = .visible(indexPaths: paths.map(ResultDocument.pair), pinnedHeaders: pinned.map(PinnedDocument.init))
        }
    }
}
