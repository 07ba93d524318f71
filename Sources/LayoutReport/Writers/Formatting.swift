/// Number and rect formatting shared by the text and HTML writers.
enum Format {
    /// A coordinate as the JSON writer writes it, rounded to 1e-6 for display (no `20.333333333333332`).
    static func number(_ value: Double) -> String {
        let rounded = (value * 1e6).rounded() / 1e6
        return JSONWriter.format(rounded)
    }

    /// `[x, y, w, h]`, or `none`.
    static func rect(_ rect: [Double]?) -> String {
        guard let rect else { return "none" }
        return "[" + rect.map(number).joined(separator: ", ") + "]"
    }

    static func indexPath(_ path: [Int]) -> String { "[" + path.map(String.init).joined(separator: ", ") + "]" }

    /// A duration in ms or µs.
    static func duration(_ seconds: Double) -> String {
        if seconds >= 1 { return number((seconds * 1000).rounded() / 1000) + " s" }
        if seconds >= 0.001 { return number((seconds * 1e5).rounded() / 100) + " ms" }
        return number((seconds * 1e7).rounded() / 10) + " µs"
    }

    /// A list of index paths, shortened to the first and last few when long.
    static func indexPaths(_ paths: [[Int]], limit: Int = 12) -> String {
        if paths.isEmpty { return "none" }
        if paths.count <= limit { return paths.map(indexPath).joined(separator: " ") }
        let head = paths.prefix(limit / 2).map(indexPath).joined(separator: " ")
        let tail = paths.suffix(limit / 2).map(indexPath).joined(separator: " ")
        return "\(head) … \(tail)"
    }

    /// One query answer on one line.
    static func answer(_ answer: QueryDocument) -> String {
        switch answer {
        case .contentOffset(let y): return "contentOffset " + (y.map(number) ?? "null")
        case .indexPath(let path): return "indexPath " + (path.map(indexPath) ?? "null")
        case .indexPaths(let paths): return "indexPaths (\(paths.count)) " + indexPaths(paths)
        case .visible(let paths, let pinned):
            let pins = pinned.map { "section \($0.section) at \(rect($0.rect))" }.joined(separator: ", ")
            return "indexPaths (\(paths.count)) \(indexPaths(paths)); pinned headers: \(pins.isEmpty ? "none" : pins)"
        }
    }
}
