/// The version of LayoutEngine (the library, the result schema it writes through `LayoutReport`, and
/// the `layout` CLI, which prints it for `--version`). Semantic versioning: before 1.0, a minor
/// version may rename public API (deprecated names are kept for one minor version).
public enum LayoutEngineVersion {
    /// `major.minor.patch`.
    public static let string = "0.6.0"
}
