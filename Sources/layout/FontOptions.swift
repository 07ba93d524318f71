import ArgumentParser
import LayoutEngine

/// The font options `compute` and `report` share: `--fonts DIR` and `--fallback bundled|system`.
struct FontOptions: ParsableArguments {
    @Option(name: .customLong("fonts"), help: "A directory of fonts put in front of the bundled Fonts/: names resolve there first, and fallback continues into the bundled fonts.")
    var fontDirectory: String?

    @Option(help: ArgumentHelp("bundled | system: after a text's font, fall back to the font directories only (the default) or then to the system's fonts in fontconfig's order.", valueName: "fallback"))
    var fallback: FontFallback = .bundled

    /// Sets the options' font directory and fallback.
    func apply(to options: inout ComputeOptions) {
        options.fontDirectory = fontDirectory
        options.fontFallback = fallback
    }
}
