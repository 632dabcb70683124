extension ReportDocument {
    /// How many tiles of one size a converter served, as `bench call
    /// --find-capacity --json` writes it: by CPU cost and by real-time probes.
    public struct Capacity: Codable, Sendable, Equatable {
        /// A frame's CPU cost, microseconds per frame, each part a mean with
        /// the interval `CallCPUCost` describes.
        public struct CPUCost: Codable, Sendable, Equatable {
            /// A mean with its interval.
            public struct Figure: Codable, Sendable, Equatable {
                /// The mean.
                public var mean: Double
                /// Its interval, `[lower, upper]`.
                public var interval: [Double]

                /// A mean with this interval.
                public init(mean: Double, interval: ClosedRange<Double>) {
                    self.mean = mean
                    self.interval = [interval.lowerBound, interval.upperBound]
                }
            }

            /// Decoding it.
            public var decode: Figure
            /// Converting it with this converter.
            public var convert: Figure

            /// A cost of these parts.
            public init(decode: Figure, convert: Figure) {
                self.decode = decode
                self.convert = convert
            }
        }

        /// Tiles of a frame's cost one core decodes and converts in real time.
        public struct TilesPerCore: Codable, Sendable, Equatable {
            /// `10⁶ ÷ (fps × (decode + convert))`, means in microseconds.
            public var estimate: Double
            /// `[lower, upper]`: the same from the cost intervals' upper and lower ends.
            public var interval: [Double]

            /// An estimate with this interval.
            public init(estimate: Double, interval: ClosedRange<Double>) {
                self.estimate = estimate
                self.interval = [interval.lowerBound, interval.upperBound]
            }
        }

        /// One real-time probe: a short call of `tiles` tiles.
        public struct Probe: Codable, Sendable, Equatable {
            /// Tiles in the probe.
            public var tiles: Int
            /// Whether it kept up (no late or dropped frame, no failure).
            public var passed: Bool
            /// Late frames.
            public var late: Int
            /// Dropped frames.
            public var dropped: Int
            /// CPU utilisation of the probe.
            public var cpuUtilisation: Double

            /// A probe with all its fields.
            public init(tiles: Int, passed: Bool, late: Int, dropped: Int, cpuUtilisation: Double) {
                self.tiles = tiles
                self.passed = passed
                self.late = late
                self.dropped = dropped
                self.cpuUtilisation = cpuUtilisation
            }
        }

        /// What the probes found.
        public struct Scheduling: Codable, Sendable, Equatable {
            /// The largest count the probes passed (0: even one tile failed).
            public var tiles: Int
            /// Whether the search pinned it down (the next count up failed).
            public var exact: Bool
            /// The probes in the order run.
            public var probes: [Probe]

            /// A search's outcome with its probes.
            public init(tiles: Int, exact: Bool, probes: [Probe]) {
                self.tiles = tiles
                self.exact = exact
                self.probes = probes
            }
        }

        /// The converter's name.
        public var converter: String
        /// The tile size (`WxH`).
        public var size: String
        /// Frames a second the capacity is for.
        public var fps: Double
        /// The layout the tiles' frames arrived in (`i420`, `nv12`).
        public var layout: String
        /// The codec the tiles were sent in.
        public var codec: String
        /// What a frame costs; nil when not measured.
        public var cpuMicrosecondsPerFrame: CPUCost?
        /// Tiles one core decodes and converts in real time by that cost;
        /// nil without it.
        public var tilesPerCoreByCPU: TilesPerCore?
        /// What the real-time probes found.
        public var scheduling: Scheduling

        private enum CodingKeys: String, CodingKey {
            case converter, size, fps, layout, codec, scheduling
            case cpuMicrosecondsPerFrame = "cpu_us_per_frame"
            case tilesPerCoreByCPU = "tiles_per_core_by_cpu"
        }

        /// A capacity with these fields.
        public init(
            converter: String, size: String, fps: Double, layout: String, codec: String,
            cpuMicrosecondsPerFrame: CPUCost?, tilesPerCoreByCPU: TilesPerCore?, scheduling: Scheduling
        ) {
            self.converter = converter
            self.size = size
            self.fps = fps
            self.layout = layout
            self.codec = codec
            self.cpuMicrosecondsPerFrame = cpuMicrosecondsPerFrame
            self.tilesPerCoreByCPU = tilesPerCoreByCPU
            self.scheduling = scheduling
        }
    }
}
