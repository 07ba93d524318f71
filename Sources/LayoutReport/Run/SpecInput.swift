import Foundation
import LayoutEngine

/// Reading a spec the way the CLI does: a file (YAML when its name ends in `.yaml`/`.yml`,
/// JSON otherwise) or `-` for standard input (JSON unless `format` says otherwise).
public enum SpecInput {
    /// A spec that could not be read or decoded, with the message the CLI prints.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
        /// Warnings found before the failure (print them too: they often explain it).
        public var warnings: [SpecWarning] = []
    }

    /// Reads and decodes the spec at `path` (`-` = standard input).
    public static func load(path: String, format: SpecFormat? = nil, strict: Bool = false) throws(Failure) -> SpecDocument {
        let bytes: [UInt8]
        if path == "-" {
            bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
        } else {
            guard let data = FileManager.default.contents(atPath: path) else {
                let exists = FileManager.default.fileExists(atPath: path)
                throw Failure(description: "cannot read \(path): \(exists ? "permission denied or not a file" : "no such file")")
            }
            bytes = Array(data)
        }
        let chosen = format ?? (path == "-" ? .json : SpecFormat(fileName: path))
        do {
            return try LayoutSpec.decode(bytes, format: chosen, strict: strict)
        } catch {
            // Syntax errors name a line and column of this file; path errors name the value.
            let prefix = error.line != nil && path != "-" ? "\(path): " : ""
            throw Failure(description: prefix + error.description, warnings: error.warnings)
        }
    }

    /// A display name for reports: the file's last path component, or "standard input".
    public static func title(for path: String) -> String {
        path == "-" ? "standard input" : URL(fileURLWithPath: path).lastPathComponent
    }
}

extension ReportDocument {
    /// The report of `result`, computed from `spec`, titled `title`, with `timings`.
    public init(spec: LayoutSpec, result: ComputeResult, title: String, timings: [TimingDocument] = []) {
        let viewport: ViewportSpec
        let inset: (top: Double, bottom: Double)
        var direction = "vertical"
        switch spec {
        case .table(let table):
            viewport = table.viewport
            inset = (table.contentInset.top, table.contentInset.bottom)
        case .grid(let grid):
            viewport = grid.viewport
            let horizontal = grid.scrollDirection == .horizontal
            inset = horizontal ? (grid.contentInset.left, grid.contentInset.right)
                : (grid.contentInset.top, grid.contentInset.bottom)
            // A horizontal grid's viewport is `width` wide and its offset runs along x.
            if horizontal { direction = "horizontal" }
        }
        var viewportDocument = ViewportDocument(height: viewport.height, offset: viewport.offset,
                                                insetTop: inset.top, insetBottom: inset.bottom)
        if case .grid(let grid) = spec, grid.scrollDirection == .horizontal { viewportDocument.height = grid.width ?? 375 }
        self.init(title: title, viewport: viewportDocument, scrollDirection: direction,
                  result: ResultDocument(result), sectionCount: result.counts.sections,
                  elementCount: result.counts.elements, estimation: result.estimation.map(EstimationDocument.init),
                  timings: result.timings.map { TimingDocument(phase: $0.phase, seconds: $0.seconds) } + timings,
                  sectionIndexTitles: { if case .table(let t) = spec { return t.sectionIndexTitles }; return [] }())
        if case .table(let t) = spec, t.layoutDirection == .rightToLeft { layoutDirection = "rightToLeft" }
    }
}
