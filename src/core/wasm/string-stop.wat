;; stringStop(p, end): the index of the first byte in [p, end) that ends a plain run of JSON string
;; text, i.e. a quote (0x22), a backslash (0x5c) or a control byte (< 0x20); `end` when there is none.
;; Sixteen bytes per step with SIMD compares; the last (< 16) bytes one at a time, so no load
;; ever reads past `end`. The caller places the bytes in the exported memory.
(module
  (memory (export "memory") 1)
  (func (export "stringStop") (param $p i32) (param $end i32) (result i32)
    (local $v v128)
    (local $m i32)
    (block $tail
      (loop $step
        (br_if $tail (i32.gt_u (i32.add (local.get $p) (i32.const 16)) (local.get $end)))
        (local.set $v (v128.load align=1 (local.get $p)))
        (local.set $m
          (i8x16.bitmask
            (v128.or
              (v128.or
                (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0x22)))
                (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0x5c))))
              (i8x16.lt_u (local.get $v) (i8x16.splat (i32.const 0x20))))))
        (if (local.get $m)
          (then (return (i32.add (local.get $p) (i32.ctz (local.get $m))))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $step)))
    (block $done
      (loop $byte
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $m (i32.load8_u (local.get $p)))
        (if (i32.or (i32.or (i32.eq (local.get $m) (i32.const 0x22)) (i32.eq (local.get $m) (i32.const 0x5c)))
                    (i32.lt_u (local.get $m) (i32.const 0x20)))
          (then (return (local.get $p))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $byte)))
    (local.get $end)))
