import LayoutGeometry
import TextLayout

/// The named text styles a spec can refer to, and how a `TextStyleRef` becomes a `TextStyle`.
///
/// Names resolve, innermost first, through the spec's own `textStyles`, those of the specs it is
/// nested in, and `TextStyleSpec.builtin` (UIKit's Dynamic Type sizes at the default "Large"
/// setting). A definition is laid *over* the one it shadows, field by field: a spec that writes
/// `"headline": {"size": 20}` keeps the built-in headline's bold face. Fields nobody sets take
/// `TextStyle`'s defaults (DejaVu Sans 17, word wrapping, unlimited lines, font leading on).
struct TextStyleScope: Hashable, Sendable {
    private(set) var styles: [String: TextStyleSpec]

    /// The built-in styles only.
    static let builtin = TextStyleScope(styles: TextStyleSpec.builtin)

    /// This scope with `definitions` (a spec's `textStyles`) laid over it.
    func adding(_ definitions: [String: TextStyleSpec]) -> TextStyleScope {
        guard !definitions.isEmpty else { return self }
        var copy = self
        for (name, style) in definitions {
            copy.styles[name] = copy.styles[name].map { $0.overlaid(with: style) } ?? style
        }
        return copy
    }

    /// The style `reference` names, or `fallback` (a built-in name) when there is none;
    /// rounded to `scale` like a label's intrinsic size.
    func resolve(_ reference: TextStyleRef?, fallback: String, scale: PixelScale) -> TextStyle {
        let base = styles[fallback] ?? TextStyleSpec()
        let spec: TextStyleSpec
        switch reference {
        case .none: spec = base
        case .named(let name)?: spec = styles[name] ?? base
        case .inline(let inline)?: spec = base.overlaid(with: inline)
        }
        return spec.textStyle(scale: scale)
    }
}

extension TextStyleSpec {
    /// `self` with every field `other` sets replaced by `other`'s.
    func overlaid(with other: TextStyleSpec) -> TextStyleSpec {
        var s = self
        if let v = other.font { s.font = v }
        if let v = other.size { s.size = v }
        if let v = other.lineBreakMode { s.lineBreakMode = v }
        if let v = other.numberOfLines { s.numberOfLines = v }
        if let v = other.lineSpacing { s.lineSpacing = v }
        if let v = other.lineHeightMultiple { s.lineHeightMultiple = v }
        if let v = other.paragraphSpacing { s.paragraphSpacing = v }
        if let v = other.minimumLineHeight { s.minimumLineHeight = v }
        if let v = other.maximumLineHeight { s.maximumLineHeight = v }
        if let v = other.fontLeading { s.fontLeading = v }
        if let v = other.direction { s.direction = v }
        return s
    }

    /// The text engine's style: unset fields take `TextStyle`'s defaults.
    func textStyle(scale: PixelScale) -> TextStyle {
        let d = TextStyle()
        var style = TextStyle(
            font: font ?? d.font, size: size ?? d.size,
            lineBreakMode: lineBreakMode ?? d.lineBreakMode,
            numberOfLines: numberOfLines ?? d.numberOfLines, lineSpacing: lineSpacing ?? d.lineSpacing,
            lineHeightMultiple: lineHeightMultiple ?? d.lineHeightMultiple,
            paragraphSpacing: paragraphSpacing ?? d.paragraphSpacing,
            minimumLineHeight: minimumLineHeight ?? d.minimumLineHeight,
            maximumLineHeight: maximumLineHeight ?? d.maximumLineHeight,
            fontLeading: fontLeading ?? d.fontLeading, scale: scale)
        style.direction = direction ?? d.direction
        return style
    }
}
