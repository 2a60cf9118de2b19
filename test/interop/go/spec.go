// The interop record formula (test/interop/spec.ts is the reference): record i of N goes to partition
// i % P at offset i / P of a fresh topic, key "k<i>", size(i) letters 'a' + (i + j) % 26, i % 3 headers
// "h<k>" = itoa(i * (k + 1)), timestamp t0 + i.
package main

import (
	"strconv"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

var sizes = []int{1, 10, 50, 100, 300, 600, 1500}

func size(i int64) int {
	if i%5000 == 4999 {
		return 100_000
	}
	return sizes[i%int64(len(sizes))]
}

func key(i int64) []byte { return []byte("k" + strconv.FormatInt(i, 10)) }

func value(i int64) []byte {
	n := size(i)
	v := make([]byte, n)
	for j := 0; j < n; j++ {
		v[j] = byte('a' + (i+int64(j))%26)
	}
	return v
}

func headers(i int64) []kgo.RecordHeader {
	var hs []kgo.RecordHeader
	for k := int64(0); k < i%3; k++ {
		hs = append(hs, kgo.RecordHeader{Key: "h" + strconv.FormatInt(k, 10), Value: []byte(strconv.FormatInt(i*(k+1), 10))})
	}
	return hs
}

func timestamp(t0, i int64) time.Time { return time.UnixMilli(t0 + i) }

func expectedCount(count int64, parts int32, p int32) int64 {
	n := count / int64(parts)
	if int64(p) < count%int64(parts) {
		n++
	}
	return n
}
