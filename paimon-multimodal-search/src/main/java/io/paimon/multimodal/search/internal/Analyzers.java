/*
 * Licensed to the Apache Software Foundation (ASF) under one
 * or more contributor license agreements.  See the NOTICE file
 * distributed with this work for additional information
 * regarding copyright ownership.  The ASF licenses this file
 * to you under the Apache License, Version 2.0 (the
 * "License"); you may not use this file except in compliance
 * with the License.  You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.paimon.multimodal.search.internal;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.core.KeywordAnalyzer;
import org.apache.lucene.analysis.core.WhitespaceAnalyzer;
import org.apache.lucene.analysis.ngram.NGramTokenizer;
import org.apache.lucene.analysis.standard.StandardAnalyzer;

/** The analyzers a full-text index can be built with, by option value. */
final class Analyzers {

  private Analyzers() {}

  /** A new analyzer of the spec (callers close it). */
  static Analyzer of(IndexSpec spec) {
    switch (spec.analyzer()) {
      case "whitespace":
        return new WhitespaceAnalyzer();
      case "keyword":
        return new KeywordAnalyzer();
      case "ngram":
        int min = spec.ngramMin();
        int max = spec.ngramMax();
        return new Analyzer() {
          @Override
          protected TokenStreamComponents createComponents(String fieldName) {
            Tokenizer tokenizer = new NGramTokenizer(min, max);
            return new TokenStreamComponents(tokenizer, new LowerCaseFilter(tokenizer));
          }
        };
      default:
        return new StandardAnalyzer();
    }
  }
}
