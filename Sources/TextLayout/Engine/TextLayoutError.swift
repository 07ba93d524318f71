/// Everything that can go wrong when loading fonts or measuring text. Each message names the
/// field or the file at fault; none of these is ever a crash.
public enum TextLayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No file at this path.
    case fontNotFound(path: String)
    /// The file exists but could not be read.
    case fontUnreadable(path: String, reason: String)
    /// The file is not a usable font; `freeTypeCode` is FreeType's error code when FreeType refused it.
    case fontInvalid(path: String, reason: String, freeTypeCode: Int?)
    /// A font name that matches no file in the font directory.
    case unknownFont(name: String, available: [String])
    /// The font directory is missing or unreadable.
    case fontDirectoryUnavailable(path: String)
    /// A parameter outside its domain, e.g. `size` ≤ 0 or a NaN width.
    case invalidParameter(field: String, value: String, requirement: String)
    /// ICU cannot find line or grapheme breaks (its data library is missing or broken): text could
    /// not be broken into lines correctly, so no engine is made.
    case unicodeDataUnavailable(reason: String)

    public var description: String {
        switch self {
        case .fontNotFound(let path):
            return "font file not found: \(path)"
        case .fontUnreadable(let path, let reason):
            return "font file \(path) \(reason)"
        case .fontInvalid(let path, let reason, let code):
            return "font file \(path) is not a usable font: \(reason)" + (code.map { " (FreeType error \($0))" } ?? "")
        case .unknownFont(let name, let available):
            return "unknown font '\(name)': not a path, and no font in the font directory has that family or file name"
                + (available.isEmpty ? "" : " (available: \(available.joined(separator: ", ")))")
        case .fontDirectoryUnavailable(let path):
            return "font directory not found or unreadable: \(path)"
        case .invalidParameter(let field, let value, let requirement):
            return "\(field): \(requirement) (got \(value))"
        case .unicodeDataUnavailable(let reason):
            return "ICU cannot break text: \(reason) (is libicu's data installed? apt-get install libicu-dev)"
        }
    }
}
