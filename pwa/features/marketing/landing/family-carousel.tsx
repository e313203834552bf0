import { IconButton } from '../../../ui/icon-button.tsx';
import { carouselDot } from '../../../ui/carousel.css.ts';
import { PauseIcon, PlayIcon } from '../../../ui/icons.tsx';
import { useCarousel } from '../../../ui/use-carousel.ts';
import * as styles from './family-carousel.css.ts';

const slides = [
  {
    image: '/art/carousel-1.svg',
    title: 'Sunday mornings with Grandma',
    text: "The week's photos from three cities, waiting for her on one calm screen with big, clear buttons.",
  },
  {
    image: '/art/carousel-2.svg',
    title: 'Planning the summer get-together',
    text: 'One calendar the whole family can see, so everyone knows the date, the place and who is bringing dessert.',
  },
  {
    image: '/art/carousel-3.svg',
    title: 'Stories that stay in the family',
    text: 'Old photos, favourite recipes and who is related to whom, kept together and shared only with your own.',
  },
] as const;

/**
 * Real Families, Real Connections (product.md §4): three slides with a 1 s cross-fade, dots to jump; rotation, holding
 * still and pausing as every carousel does (ui/use-carousel.ts).
 */
export function FamilyCarousel() {
  const { current, show, playing, togglePlaying, holdProps } = useCarousel(slides.length);

  return (
    <div
      role="group"
      aria-roledescription="carousel"
      aria-label="Family moments"
      className={styles.carousel}
      {...holdProps}
    >
      <div className={styles.slides} aria-live={playing ? 'off' : 'polite'}>
        {slides.map((slide, index) => (
          <div
            key={slide.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
            aria-hidden={index !== current}
            data-current={index === current}
            className={styles.slide}
          >
            <img src={slide.image} alt="" width={600} height={400} loading="lazy" className={styles.image} />
            <div className={styles.text}>
              <h3 className={styles.slideTitle}>{slide.title}</h3>
              <p className={styles.slideText}>{slide.text}</p>
            </div>
          </div>
        ))}
      </div>
      <div className={styles.controls}>
        <IconButton
          label={playing ? 'Pause slides' : 'Play slides'}
          icon={playing ? <PauseIcon /> : <PlayIcon />}
          onClick={togglePlaying}
        />
        {slides.map((slide, index) => (
          <button
            key={slide.title}
            type="button"
            className={carouselDot}
            aria-label={`Slide ${index + 1}: ${slide.title}`}
            aria-current={index === current}
            onClick={() => show(index)}
          />
        ))}
      </div>
    </div>
  );
}
